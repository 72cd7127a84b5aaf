import { describe, expect, it } from 'vitest';
import { throttleSubjectOf } from './client-ip';

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
