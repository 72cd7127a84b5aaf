/**
 * Markdown as plain text, for places that cannot render it: page descriptions, link previews and
 * feed summaries. Close to what the web app shows with raw HTML skipped (react-markdown `skipHtml`
 * drops tags and keeps their text); not a full CommonMark parser, and it need not be: the output
 * is always escaped by its caller, so a construct it misses shows as text, never as markup.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Escaped ASCII punctuation is parked in the Private Use Area (U+E021…U+E07E) meanwhile. */
const ESCAPED = 0xe000;
const BLOCK_TAG =
  /<\/?(address|article|aside|blockquote|br|dd|div|dl|dt|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|td|th|tr|ul)\b[^<>]*>/gi;
const TABLE_DELIMITER_ROW = /^ *\|?( *:?-+:? *\|)+( *:?-+:? *)?\|? *$/m;
const TABLE_DELIMITER_ROWS = new RegExp(TABLE_DELIMITER_ROW.source, 'gm');

/** One block of Markdown (no blank lines inside) as one line of text. */
function blockToText(block: string): string {
  const isTable = TABLE_DELIMITER_ROW.test(block);
  // Backslash-escaped punctuation is set aside first, so no rule below reads it as syntax.
  let text = block.replace(/\\([!-/:-@[-`{-~])/g, (_, char: string) =>
    String.fromCharCode(ESCAPED + char.charCodeAt(0)),
  );
  text = text.replace(/^ {0,3}(```|~~~).*$/gm, ''); // code fence lines (the code stays)
  text = text.replace(/^ {0,3}\[[^\]]+\]:\s*\S+.*$/gm, ''); // link reference definitions
  text = text.replace(/^ {0,3}([-*_])( *\1){2,} *$/gm, ''); // thematic breaks
  text = text.replace(/^ {0,3}(=+|-+) *$/gm, ''); // setext heading underlines
  text = text.replace(TABLE_DELIMITER_ROWS, ''); // table delimiter rows
  text = text.replace(/^ {0,3}#{1,6}(\s+|$)/gm, ''); // ATX headings
  text = text.replace(/ +#+ *$/gm, ''); // closing hashes of headings
  text = text.replace(/^( {0,3}> ?)+/gm, ''); // block quotes
  text = text.replace(/^ *([-*+]|\d{1,9}[.)]) +(\[[ xX]\] +)?/gm, ''); // list markers, task boxes
  text = text.replace(/<((?:https?|mailto):[^<>\s]+)>/g, '$1'); // autolinks
  text = text.replace(/<!--[\s\S]*?-->/g, ' '); // HTML comments
  text = text.replace(BLOCK_TAG, ' '); // raw HTML is skipped, its text kept: blocks part words,
  text = text.replace(/<\/?[a-zA-Z][^<>]*>/g, ''); // inline tags do not
  text = text.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1'); // images: their alt text
  text = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'); // inline links: their text
  text = text.replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1'); // reference links
  text = text.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _ticks, code: string) => code.trim());
  text = text.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2'); // strong
  text = text.replace(/(^|[^\w*])\*(?=\S)([\s\S]*?\S)\*(?![\w*])/g, '$1$2'); // *emphasis*
  text = text.replace(/(^|[^\w_])_(?=\S)([\s\S]*?\S)_(?![\w_])/g, '$1$2'); // _emphasis_, not snake_case
  text = text.replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1'); // strikethrough
  if (isTable) {
    text = text.replace(/^ *\|? *| *\|? *$/gm, '').replace(/ *\| */g, ' · '); // table cells
  }
  text = text.replace(/[\uE021-\uE07E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - ESCAPED));
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** The paragraphs of a Markdown text, each as plain text on one line; empty ones left out. */
export function markdownToParagraphs(markdown: string): string[] {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map(blockToText)
    .filter((paragraph) => paragraph.length > 0);
}

/** A Markdown text as one line of plain text. */
export function markdownToText(markdown: string): string {
  return markdownToParagraphs(markdown).join(' ');
}

/**
 * At most `max` characters, cut at a word boundary when one is near, with an ellipsis when cut.
 * Never splits a surrogate pair.
 */
export function excerpt(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= head.length * 0.6 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s.,;:!?·-]+$/u, '')}…`;
}
