import { describe, expect, it } from 'vitest';
import { checkLinkUrl, linkDomain, normalizeLinkUrl } from './link-url';

function normalized(input: string): string {
  const check = checkLinkUrl(input);
  if (!check.ok) throw new Error(`${input} refused: ${check.problem}`);
  return normalizeLinkUrl(check.url);
}

describe('checkLinkUrl', () => {
  it('accepts absolute http and https URLs, trimmed', () => {
    expect(checkLinkUrl('  https://example.com/a  ').ok).toBe(true);
    expect(checkLinkUrl('http://example.com').ok).toBe(true);
  });

  it.each([
    ['', 'blank'],
    ['   ', 'blank'],
    ['example.com', 'invalid'],
    ['not a url', 'invalid'],
    ['https://', 'invalid'],
    ['ftp://example.com/file', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['data:text/html,hi', 'scheme'],
    ['https://user:secret@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
    [`https://example.com/${'a'.repeat(2100)}`, 'too_long'],
  ])('refuses %j as %s', (input, problem) => {
    expect(checkLinkUrl(input)).toEqual({ ok: false, problem });
  });
});

describe('normalizeLinkUrl', () => {
  it('lower-cases scheme and host, drops www., the default port, the fragment and a trailing slash', () => {
    expect(normalized('HTTPS://WWW.Example.COM:443/Path/To/#section')).toBe('https://example.com/Path/To');
    expect(normalized('http://example.com:80/')).toBe('http://example.com');
    expect(normalized('https://example.com')).toBe('https://example.com');
  });

  it('keeps a port that is not the default, and keeps http and https apart', () => {
    expect(normalized('https://example.com:8443/a')).toBe('https://example.com:8443/a');
    expect(normalized('http://example.com/a')).not.toBe(normalized('https://example.com/a'));
  });

  it('strips tracking parameters and sorts the rest', () => {
    expect(normalized('https://example.com/a?b=2&utm_source=x&a=1&UTM_Medium=y&fbclid=z&gclid=q')).toBe(
      'https://example.com/a?a=1&b=2',
    );
    expect(normalized('https://example.com/a?utm_campaign=only')).toBe('https://example.com/a');
    expect(normalized('https://example.com/a?x=2&x=1')).toBe('https://example.com/a?x=1&x=2');
  });

  it('gives the same spelling to the same page written differently', () => {
    const spellings = [
      'https://www.example.com/story/?id=7&ref=home&utm_source=mail',
      'https://example.com/story?ref=home&id=7',
      'HTTPS://EXAMPLE.com:443/story?id=7&ref=home#comments',
      'https://example.com/story/?utm_medium=social&ref=home&id=7&fbclid=abc',
    ].map(normalized);
    expect(new Set(spellings)).toEqual(new Set(['https://example.com/story?id=7&ref=home']));
  });

  it('encodes an internationalised host as punycode', () => {
    expect(normalized('https://BÜCHER.example/')).toBe('https://xn--bcher-kva.example');
  });
});

describe('linkDomain', () => {
  it('is the host without www.', () => {
    const check = checkLinkUrl('https://www.News.example.org/a');
    expect(check.ok && linkDomain(check.url)).toBe('news.example.org');
  });
});
