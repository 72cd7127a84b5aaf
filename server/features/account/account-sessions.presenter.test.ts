import { describe, expect, it } from 'vitest';
import { networkOf, presentAccountSession } from './account-sessions.presenter';

describe('the network shown for a session', () => {
  it('is the /24 of an IPv4 address (also when IPv4-mapped) and the /64 of an IPv6 one', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('is null when there is no address or it is not one', () => {
    expect(networkOf(null)).toBeNull();
    expect(networkOf('unknown')).toBeNull();
  });
});

describe('a session as the member sees it', () => {
  const row = {
    id: 's1',
    userId: 'u1',
    tokenHash: 'secret-hash',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ip: '203.0.113.5',
    createdAt: new Date('2026-11-20T12:00:00Z'),
    lastUsedAt: new Date('2026-11-23T11:00:00Z'),
    lastSeenAt: new Date('2026-11-23T11:55:00Z'),
    expiresAt: new Date('2026-12-07T12:00:00Z'),
  };
  const now = new Date('2026-11-23T12:00:00Z');

  it('names browser and system, the network and relative times, and never the token', () => {
    const shown = presentAccountSession(row, 's1', now);
    expect(shown).toEqual({
      id: 's1',
      current: true,
      browser: 'Chrome 131',
      os: 'Windows 10',
      network: '203.0.113.0/24',
      created_at: '2026-11-20T12:00:00.000Z',
      created_ago: '3 days ago',
      last_seen_at: '2026-11-23T11:55:00.000Z',
      last_seen_ago: '5 minutes ago',
    });
    expect(presentAccountSession(row, 'other', now).current).toBe(false);
  });

  it('says nothing it cannot read from an unknown User-Agent', () => {
    const shown = presentAccountSession({ ...row, userAgent: null, ip: null }, null, now);
    expect(shown).toMatchObject({ browser: null, os: null, network: null, current: false });
  });
});
