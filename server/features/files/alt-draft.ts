import type { ImageReading } from '../search/image-reading';

/**
 * The draft of a photo's description (alt text) offered to its uploader (ADR 051), shaped from
 * what Hearth read in it: the vision model's caption when one is configured, and the words the
 * photo shows (OCR). It is a suggestion the composer shows as such; it never becomes alt text
 * unless the author takes it.
 */

/** A draft is a sentence or two; the author writes more if they wish. */
export const ALT_DRAFT_MAX = 300;
/** Past this many words, OCR text is a page or a screenshot: quote its start only. */
const QUOTED_WORDS_MAX = 30;

/**
 * OCR of a photo reads shadows and textures as stray marks ("|", "~=", "ee ,"): a word is kept when
 * at least two of its characters are letters or digits and they are most of it. Edges lose their
 * punctuation except what ends a sentence.
 */
export function cleanOcrText(text: string): string {
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.!?]+$/gu, ''))
    .filter((word) => {
      const meaningful = word.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
      return meaningful >= 2 && meaningful / word.length >= 0.6;
    });
  return words.length >= 1 && words.join('').length >= 3 ? words.join(' ') : '';
}

/** `text` cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function capAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?]+$/, '')}…`;
}

/** The draft, or null when nothing useful was read. */
export function shapeAltDraft(reading: ImageReading): string | null {
  const caption = reading.caption?.replace(/\s+/g, ' ').trim() ?? '';
  const words = cleanOcrText(reading.text).split(' ').filter(Boolean);
  const quoted = words.length > 0 ? quote(words) : '';
  const shown = [caption, quoted ? `Text in the photo: ${quoted}` : ''].filter(Boolean).join(' ');
  return shown ? capAtWord(shown, ALT_DRAFT_MAX) : null;
}

function quote(words: string[]): string {
  const start = words.slice(0, QUOTED_WORDS_MAX).join(' ');
  return `“${words.length > QUOTED_WORDS_MAX ? `${start} …` : start}”`;
}
