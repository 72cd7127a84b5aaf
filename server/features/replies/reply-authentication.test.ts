import { describe, expect, it } from 'vitest';
import { fromAlignment, parseAuthenticationResults } from './reply-authentication';

const MX = 'mx.hearth.example';

describe('Authentication-Results alignment', () => {
  it('reads the authserv-id and each method, without comments', () => {
    const parsed = parseAuthenticationResults(
      `${MX} 1; dkim=pass (good signature) header.d=example.org header.s=s1;\r\n spf=fail smtp.mailfrom=ana@example.org`,
    );
    expect(parsed.authservId).toBe(MX);
    expect(parsed.results.map((r) => [r.method, r.result, r.properties.get('header.d') ?? null])).toEqual([
      ['dkim', 'pass', 'example.org'],
      ['spf', 'fail', null],
    ]);
  });

  it('takes dmarc=pass, dkim=pass with an aligned d=, or spf=pass with an aligned mail from', () => {
    expect(fromAlignment([`${MX}; dmarc=pass header.from=example.org`], MX, 'example.org')).toBe('aligned');
    expect(fromAlignment([`${MX}; dkim=pass header.d=example.org`], MX, 'mail.example.org')).toBe('aligned');
    expect(fromAlignment([`${MX}; spf=pass smtp.mailfrom=bounce@mail.example.org`], MX, 'example.org')).toBe(
      'aligned',
    );
  });

  it('refuses a pass for another domain, a failure, and a lookalike suffix', () => {
    expect(fromAlignment([`${MX}; dkim=pass header.d=evil.test`], MX, 'example.org')).toBe('unaligned');
    expect(fromAlignment([`${MX}; dmarc=fail header.from=example.org`], MX, 'example.org')).toBe('unaligned');
    expect(fromAlignment([`${MX}; dkim=pass header.d=badexample.org`], MX, 'example.org')).toBe('unaligned');
  });

  it('believes only the topmost header of its own authserv-id', () => {
    const forgedBelow = [
      `${MX}; dkim=fail header.d=example.org`,
      `${MX}; dmarc=pass header.from=example.org`,
    ];
    expect(fromAlignment(forgedBelow, MX, 'example.org')).toBe('unaligned');
    expect(fromAlignment([`other.mx; dmarc=pass header.from=example.org`], MX, 'example.org')).toBe(
      'unreported',
    );
    expect(fromAlignment([], MX, 'example.org')).toBe('unreported');
  });
});
