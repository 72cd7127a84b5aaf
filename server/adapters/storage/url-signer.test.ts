import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './url-signer';

describe('url signer', () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const signer = createUrlSigner('k'.repeat(64), () => now);
  const key = '0b9e2c1a-1111-4222-8333-444455556666';

  it('accepts its own signature until the expiry, then calls it expired', () => {
    const expires = signer.expiresIn(900);
    const params = { method: 'PUT' as const, key, expires };
    const signature = signer.sign(params);
    expect(signer.verify(params, signature)).toBe('valid');
    now += 900_000;
    expect(signer.verify(params, signature)).toBe('valid');
    now += 1000;
    expect(signer.verify(params, signature)).toBe('expired');
  });

  it('refuses any change to what was signed, and other keys’ signatures', () => {
    const expires = signer.expiresIn(60);
    const params = {
      method: 'GET' as const,
      key,
      expires,
      contentType: 'image/webp',
      contentDisposition: 'inline',
    };
    const signature = signer.sign(params);
    expect(signer.verify(params, signature)).toBe('valid');
    expect(signer.verify({ ...params, method: 'PUT' }, signature)).toBe('invalid');
    expect(signer.verify({ ...params, key: key.replace('0b', '0c') }, signature)).toBe('invalid');
    expect(signer.verify({ ...params, expires: expires + 1 }, signature)).toBe('invalid');
    expect(signer.verify({ ...params, contentType: 'text/html' }, signature)).toBe('invalid');
    expect(signer.verify({ ...params, contentDisposition: 'attachment' }, signature)).toBe('invalid');
    expect(signer.verify(params, signature.slice(0, -2))).toBe('invalid');
    expect(signer.verify(params, '')).toBe('invalid');
    const other = createUrlSigner('o'.repeat(64), () => now);
    expect(other.verify(params, signature)).toBe('invalid');
  });

  it('says invalid, not expired, for a tampered URL that has also expired', () => {
    const params = { method: 'PUT' as const, key, expires: signer.expiresIn(-10) };
    expect(signer.verify(params, signer.sign(params))).toBe('expired');
    expect(signer.verify(params, 'AAAA')).toBe('invalid');
  });
});
