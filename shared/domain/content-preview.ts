import { LIMITS } from './constants';

/**
 * Spec section 5: a card shows the first 200 characters of the content, then an ellipsis. A Markdown
 * link or image cut in half would show its brackets, so the cut moves back to before it.
 */
export function contentPreview(content: string, limit: number = LIMITS.cardPreview): string {
  const end = endOfFirstCharacters(content, limit);
  if (end === content.length) return content;
  let cut = content.slice(0, end);
  const open = cut.lastIndexOf('[');
  if (open !== -1 && !/^\[[^\]]*\]\([^)]*\)/.test(cut.slice(open))) {
    cut = cut.slice(0, open > 0 && cut[open - 1] === '!' ? open - 1 : open);
  }
  return `${cut.trimEnd()}...`;
}

/**
 * Where the first `limit` characters of `text` end (its length when it has no more), counting a
 * surrogate pair as one character as `Array.from` does, without making an array of every character
 * of the text: a server presents every post of a page through here (issue 26).
 */
function endOfFirstCharacters(text: string, limit: number): number {
  let end = 0;
  for (let count = 0; count < limit && end < text.length; count += 1) {
    end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  }
  return end;
}
