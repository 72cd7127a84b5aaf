import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { clientAddressOf, throttleSubjectOf } from './client-ip';

describe('throttleSubjectOf: the subject per-IP throttles count against', () => {
  it('keeps an IPv4 address as it is, and reads IPv4-mapped IPv6 as that IPv4 address', () => {
    expect(throttleSubjectOf('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleSubjectOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleSubjectOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('buckets IPv6 clients by their /64: one home or phone gets one bucket, however it writes it', () => {
    const subject = throttleSubjectOf('2001:db8:1:2::1');
    expect(subject).toBe('2001:db8:1:2::/64');
    expect(throttleSubjectOf('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(subject);
    expect(throttleSubjectOf('2001:DB8:1:2:0:0:0:9')).toBe(subject);
    expect(throttleSubjectOf('2001:db8:1:3::1')).not.toBe(subject);
    expect(throttleSubjectOf('::1')).toBe('0:0:0:0::/64');
    expect(throttleSubjectOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('passes anything else through (a socket with no address is one bucket, not a crash)', () => {
    expect(throttleSubjectOf('')).toBe('');
    expect(throttleSubjectOf('not-an-ip')).toBe('not-an-ip');
  });
});

describe('clientAddressOf: the client named by the trusted chain of proxies', () => {
  /** `ips` as Fastify gives it: the socket's peer, then the trusted X-Forwarded-For entries right to left. */
  const behindProxies = (...ips: string[]) => ({ ips, ip: ips.at(-1) }) as unknown as FastifyRequest;

  it('is the furthest trusted entry, with a port some proxies add taken off', () => {
    expect(clientAddressOf(behindProxies('10.0.0.2', '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddressOf(behindProxies('10.0.0.2', '203.0.113.7:51234'))).toBe('203.0.113.7');
    expect(clientAddressOf(behindProxies('10.0.0.2', '[2001:db8::7]:443'))).toBe('2001:db8::7');
    expect(clientAddressOf(behindProxies('::1', '10.0.0.3', '2001:db8::7'))).toBe('2001:db8::7');
  });

  it('stops at the first entry that is no address: the hop before it is the client', () => {
    for (const junk of ['foo', '1.2.3.4.5', 'unknown', '300.1.1.1', '[::1', 'fe80::zz', '1.2.3.4:']) {
      expect(clientAddressOf(behindProxies('10.0.0.2', junk)), junk).toBe('10.0.0.2');
      expect(clientAddressOf(behindProxies('10.0.0.2', '10.0.0.3', junk, '203.0.113.7')), junk).toBe(
        '10.0.0.3',
      );
    }
  });

  it('is the socket peer without a trusted proxy', () => {
    const direct = { ip: '198.51.100.4' } as unknown as FastifyRequest;
    expect(clientAddressOf(direct)).toBe('198.51.100.4');
  });
});
