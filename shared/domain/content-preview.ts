import { LIMITS } from './constants';

/**
 * Spec section 5: a card shows the first 200 characters of the content, then an ellipsis. A Markdown
 * link or image cut in half would show its brackets, so the cut moves back to before it.
 */
export function contentPreview(content: string, limit: number = LIMITS.cardPreview): string {
  const chars = Array.from(content);
  if (chars.length <= limit) return content;
  let cut = chars.slice(0, limit).join('');
  const open = cut.lastIndexOf('[');
  if (open !== -1 && !/^\[[^\]]*\]\([^)]*\)/.test(cut.slice(open))) {
    cut = cut.slice(0, open > 0 && cut[open - 1] === '!' ? open - 1 : open);
  }
  return `${cut.trimEnd()}...`;
}
