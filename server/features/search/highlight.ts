import type { Highlight } from '../../../shared/api/search';

/** Markers ts_headline puts around matches: control characters no member's text contains. */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';

/** ts_headline's output (matches between the markers) as highlight pieces; markers never leak. */
export function piecesFromHeadline(headline: string): Highlight {
  const pieces: Highlight = [];
  for (const [index, part] of headline.split(MATCH_START).entries()) {
    if (index === 0) {
      push(pieces, part.replaceAll(MATCH_END, ''), false);
      continue;
    }
    const end = part.indexOf(MATCH_END);
    const matched = end < 0 ? part : part.slice(0, end);
    push(pieces, matched, true);
    if (end >= 0) push(pieces, part.slice(end + 1).replaceAll(MATCH_END, ''), false);
  }
  return pieces;
}

function push(pieces: Highlight, text: string, match: boolean) {
  if (!text) return;
  const last = pieces[pieces.length - 1];
  if (last && last.match === match) last.text += text;
  else pieces.push({ text, match });
}

/** The query's words worth matching names against (letters and digits, at least two). */
export function queryWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}

/** Marks every word of `text` that starts with one of `words` (case-insensitive). */
export function highlightPrefixes(text: string, words: string[]): Highlight {
  const pieces: Highlight = [];
  for (const token of text.split(/([\p{L}\p{N}]+)/u)) {
    const lower = token.toLowerCase();
    push(
      pieces,
      token,
      words.some((word) => lower.startsWith(word)),
    );
  }
  return pieces;
}
