import { describe, expect, it } from 'vitest';
import { base32, fromBase32, newReplyCode, signReplyLocalPart, verifyReplyLocalPart } from './reply-address';

const KEY = 'k'.repeat(64);
const NOW = new Date('2030-01-15T12:00:00Z');
const LATER = new Date('2030-02-14T12:00:00Z');

describe('reply addresses', () => {
  it('round-trips: the local part names its code and expiry, in at most 64 characters', () => {
    const code = newReplyCode();
    const local = signReplyLocalPart(KEY, code, LATER);
    expect(local.length).toBeLessThanOrEqual(64);
    expect(local).toMatch(/^reply-[a-z2-7]+$/);
    expect(verifyReplyLocalPart(KEY, local, NOW)).toEqual({ ok: true, code, expiresAt: LATER });
    // A mail system that upper-cases the local part does not break it.
    expect(verifyReplyLocalPart(KEY, local.toUpperCase(), NOW)).toMatchObject({ ok: true, code });
  });

  it('refuses a tampered code, expiry or MAC, and another key', () => {
    const local = signReplyLocalPart(KEY, newReplyCode(), LATER);
    for (const at of [6, 25, local.length - 2]) {
      const flipped = local.slice(0, at) + (local[at] === 'a' ? 'b' : 'a') + local.slice(at + 1);
      expect(verifyReplyLocalPart(KEY, flipped, NOW)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(verifyReplyLocalPart('x'.repeat(64), local, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyReplyLocalPart(KEY, 'reply-abc', NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyReplyLocalPart(KEY, 'postmaster', NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('expires: valid until its expiry, refused from then on (clock given)', () => {
    const local = signReplyLocalPart(KEY, newReplyCode(), LATER);
    expect(verifyReplyLocalPart(KEY, local, new Date(LATER.getTime() - 1000)).ok).toBe(true);
    expect(verifyReplyLocalPart(KEY, local, LATER)).toEqual({ ok: false, reason: 'expired' });
  });

  it('base32 reads back what it wrote', () => {
    const bytes = Buffer.from('00ff10a5c3e7217f', 'hex');
    expect(fromBase32(base32(bytes))?.subarray(0, bytes.length)).toEqual(bytes);
    expect(fromBase32('not base32!')).toBeNull();
  });
});
