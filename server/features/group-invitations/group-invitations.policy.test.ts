import { describe, expect, it } from 'vitest';
import { isLinkUsable } from './group-invitations.policy';

const now = new Date('2030-01-15T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('isLinkUsable', () => {
  it('lets people in before the expiry, and not from the expiry on', () => {
    expect(isLinkUsable({ expiresAt: later(1), maxUses: null, uses: 0 }, now)).toBe(true);
    expect(isLinkUsable({ expiresAt: later(0), maxUses: null, uses: 0 }, now)).toBe(false);
    expect(isLinkUsable({ expiresAt: later(-1), maxUses: null, uses: 0 }, now)).toBe(false);
  });

  it('counts uses against the limit; no limit when max_uses is null', () => {
    const expiresAt = later(60_000);
    expect(isLinkUsable({ expiresAt, maxUses: 2, uses: 1 }, now)).toBe(true);
    expect(isLinkUsable({ expiresAt, maxUses: 2, uses: 2 }, now)).toBe(false);
    expect(isLinkUsable({ expiresAt, maxUses: null, uses: 10_000 }, now)).toBe(true);
  });
});
