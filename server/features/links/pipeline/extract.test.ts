import { describe, expect, it } from 'vitest';
import { extractPage, MARKDOWN_MAX_CHARS, READABLE_HTML_MAX_CHARS } from './extract';
import { FIXTURE_PAGES, hugePage, readFixture } from './fixtures/fixture-server';
import { languageTag } from './language';

const BEES_URL = 'https://garden.example/news/2026/rooftop-bees';

describe('extractPage', () => {
  it('reads an article: title, site name, language, absolute lead image, Markdown of the story only', () => {
    const page = extractPage(readFixture(FIXTURE_PAGES.bees), BEES_URL, 'text/html');
    expect(page).toMatchObject({
      title: "Rooftop hives are changing how London's bees live",
      siteName: 'Garden Weekly',
      language: 'en-GB',
      leadImageUrl: 'https://garden.example/images/rooftop-hives.jpg',
    });
    expect(page.markdown).toContain('## A crowded city for wild bees');
    expect(page.markdown).toContain(
      '[beekeepers are invited to respond](https://garden.example/consultations/urban-bees)',
    );
    expect(page.markdown).toMatch(/^- +Plant flowers that bloom at different times of the year\.$/m);
    expect(page.markdown).toContain('> "Adding hives is not the same as helping bees,"');
    // Navigation, related links, footer and scripts are not the story.
    for (const chrome of ['Subscribe', 'Why wasps matter too', 'Privacy', 'window.analytics']) {
      expect(page.markdown).not.toContain(chrome);
    }
    expect(page.text).toContain('Researchers at a London university spent two summers');
  });

  it('detects the language when the page does not declare it, and takes twitter:image', () => {
    const page = extractPage(
      readFixture(FIXTURE_PAGES.rivieres),
      'https://ville.example/rivieres',
      'text/html',
    );
    expect(page).toMatchObject({
      title: 'Les rivières urbaines retrouvent leur lit',
      language: 'fr',
      leadImageUrl: 'https://cdn.example.org/photos/riviere.jpg',
      siteName: null,
    });
    expect(page.markdown).toContain('À Séoul, la réouverture');
  });

  it('keeps plain text as paragraphs, its first line as the title', () => {
    const page = extractPage(
      readFixture(FIXTURE_PAGES.notes),
      'https://notes.example/compost.txt',
      'text/plain',
    );
    expect(page.title).toBe('Field notes on composting at home');
    expect(page.language).toBe('en');
    expect(page.markdown.split('\n\n')).toHaveLength(4);
    expect(page.leadImageUrl).toBeNull();
  });

  it("takes the article's first image as lead image when the page names none", () => {
    const html = readFixture(FIXTURE_PAGES.bees).replace(/<meta property="og:image"[^>]*>/, '');
    const page = extractPage(html, 'https://garden.example/news/2026/rooftop-bees', 'text/html');
    expect(page.leadImageUrl).toBe('https://garden.example/images/rooftop-hives.jpg');
  });

  it('drops javascript: links and data: images, keeping their text', () => {
    const html = `<html><body><article><h1>Notes</h1>
      <p>${'A long enough paragraph about nothing in particular, written to be read. '.repeat(6)}
      <a href="javascript:alert(1)">click here</a> and <img src="data:image/png;base64,AAAA" alt="x">
      <a href="/next">next page</a></p></article></body></html>`;
    const page = extractPage(html, 'https://site.example/a/', 'text/html');
    expect(page.markdown).toContain('click here');
    expect(page.markdown).not.toContain('javascript:');
    expect(page.markdown).not.toContain('data:image');
    expect(page.markdown).toContain('[next page](https://site.example/next)');
  });

  it("resolves relative links against the page's own <base>", () => {
    const html = `<html><head><base href="/docs/"></head><body><article>
      <p>${'Documentation paragraph with enough words to be kept by the reader view. '.repeat(6)}
      <a href="intro.html">intro</a></p></article></body></html>`;
    const page = extractPage(html, 'https://site.example/a/b', 'text/html');
    expect(page.markdown).toContain('[intro](https://site.example/docs/intro.html)');
  });

  it('reads a huge page from its first 512 KB of markup, scripts and styles left out', () => {
    const filler = `<script>${'var x = 1;'.repeat(200_000)}</script><style>${'p{}'.repeat(100_000)}</style>`;
    const html = hugePage(5 * 1024 * 1024).replace('<main>', `<main>${filler}`);
    const started = performance.now();
    const page = extractPage(html, BEES_URL, 'text/html');
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(page.markdown.length).toBeLessThanOrEqual(MARKDOWN_MAX_CHARS);
    expect(page.markdown).toContain('Urban beekeeping has grown quickly');
    expect(page.markdown).not.toContain('var x');
    expect(page.text.length).toBeLessThan(READABLE_HTML_MAX_CHARS);
  }, 30_000);

  it('returns empty text for a page with nothing to read', () => {
    const page = extractPage(
      '<html><head><title>Empty</title></head><body><script>1</script></body></html>',
      BEES_URL,
      'text/html',
    );
    expect(page.text).toBe('');
    expect(page.title).toBe('Empty');
  });
});

describe('languageTag', () => {
  it.each([
    ['en', 'en'],
    ['en_us', 'en-US'],
    ['EN-gb', 'en-GB'],
    ['eng', 'en'],
    ['fra', 'fr'],
    ['zh-Hant', 'zh-hant'],
    ['und', null],
    ['', null],
    ['not a language', null],
  ])('%s → %s', (input, expected) => {
    expect(languageTag(input)).toBe(expected);
  });
});
