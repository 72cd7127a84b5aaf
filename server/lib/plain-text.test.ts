import { describe, expect, it } from 'vitest';
import { excerpt, markdownToParagraphs, markdownToText } from './plain-text';

describe('markdownToText', () => {
  it.each([
    ['# Heading\n\nText', 'Heading Text'],
    ['Setext\n======\n\nbody', 'Setext body'],
    ['**bold**, __strong__, *em*, _em_ and ~~gone~~', 'bold, strong, em, em and gone'],
    ['snake_case_name and 2*3*4 stay', 'snake_case_name and 2*3*4 stay'],
    ['[a link](https://example.org "t") and ![an image](x.png)', 'a link and an image'],
    ['[ref][1]\n\n[1]: https://example.org', 'ref'],
    ['<https://example.org>', 'https://example.org'],
    ['`code` and ``two `ticks` ``', 'code and two `ticks`'],
    ['```js\nconst a = 1;\n```', 'const a = 1;'],
    ['> quoted\n> > deeper', 'quoted deeper'],
    ['- one\n- two\n1. three\n* [x] done', 'one two three done'],
    ['a\n\n---\n\nb', 'a b'],
    ['| a | b |\n|---|:-:|\n| 1 | 2 |', 'a · b 1 · 2'],
    ['keeps | pipes in prose', 'keeps | pipes in prose'],
    ['with <script>alert(1)</script>.', 'with alert(1).'],
    ['one<br>two<div>three</div>', 'one two three'],
    ['<!-- hidden -->shown', 'shown'],
    ['\\*not emphasis\\* and \\# not heading', '*not emphasis* and # not heading'],
    ['Fish &amp; chips &lt;3 &#169; &#x1F600; &bogus;', 'Fish & chips <3 © 😀 &bogus;'],
    ['  lots   of\n\n\n   space  ', 'lots of space'],
    ['', ''],
  ])('%j → %j', (markdown, text) => {
    expect(markdownToText(markdown)).toBe(text);
  });

  it('keeps paragraphs apart for the feed', () => {
    expect(markdownToParagraphs('# T\n\nOne\ntwo\r\n\r\n\n- x\n- y')).toEqual(['T', 'One two', 'x y']);
  });
});

describe('excerpt', () => {
  it('leaves short text alone', () => {
    expect(excerpt('short', 200)).toBe('short');
    expect(excerpt('x'.repeat(200), 200)).toBe('x'.repeat(200));
  });

  it('cuts at a word boundary with an ellipsis, within the limit', () => {
    const text = 'word '.repeat(100).trim();
    const cut = excerpt(text, 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('cuts a long word mid-way and never splits a surrogate pair', () => {
    expect(excerpt('y'.repeat(300), 10)).toBe(`${'y'.repeat(9)}…`);
    const emoji = '😀'.repeat(20);
    const cut = excerpt(emoji, 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut).toBe(`${'😀'.repeat(9)}…`);
  });
});
