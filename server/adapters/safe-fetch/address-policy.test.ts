import { describe, expect, it } from 'vitest';
import { checkAddress } from './address-policy';

describe('checkAddress', () => {
  it.each([
    ['93.184.216.34'],
    ['8.8.8.8'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4007:80f::200e'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:808:808::1'],
  ])('allows the public address %s', (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::a9fe:a9fe', 'link-local'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s)', (address, kind) => {
    const verdict = checkAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed === false && verdict.reason).toContain(kind);
  });

  it.each([['2130706433'], ['0177.0.0.1'], ['0x7f.1'], ['127.1'], ['0x7f000001'], ['017700000001']])(
    'reads the odd IPv4 spelling %s as loopback',
    (address) => {
      expect(checkAddress(address)).toMatchObject({
        allowed: false,
        reason: expect.stringContaining('loopback'),
      });
    },
  );

  it('refuses what is not an address at all', () => {
    expect(checkAddress('example.com').allowed).toBe(false);
  });

  it('with the loopback test switch allows plain loopback only', () => {
    const options = { allowLoopback: true };
    expect(checkAddress('127.0.0.1', options)).toEqual({ allowed: true });
    expect(checkAddress('::1', options)).toEqual({ allowed: true });
    expect(checkAddress('10.0.0.1', options).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', options).allowed).toBe(false);
    expect(checkAddress('::ffff:127.0.0.1', options).allowed).toBe(false);
    expect(checkAddress('64:ff9b::7f00:1', options).allowed).toBe(false);
  });
});
