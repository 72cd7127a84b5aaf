import { describe, expect, it } from 'vitest';
import { contentPreview } from './content-preview';

describe('contentPreview', () => {
  it('counts a character outside the Basic Multilingual Plane as one, as the spec counts characters', () => {
    const emoji = '😀'; // two UTF-16 code units, one character
    expect(contentPreview(emoji.repeat(200))).toBe(emoji.repeat(200));
    expect(contentPreview(emoji.repeat(201))).toBe(`${emoji.repeat(200)}...`);
    expect(contentPreview(`${'a'.repeat(199)}${emoji}b`)).toBe(`${'a'.repeat(199)}${emoji}...`);
    expect(contentPreview(`${'a'.repeat(199)}${emoji}`)).toBe(`${'a'.repeat(199)}${emoji}`);
  });

  it('counts a lone surrogate as one character, never splitting a pair', () => {
    const lone = '\ud83d';
    expect(contentPreview(`${lone}${'a'.repeat(200)}`)).toBe(`${lone}${'a'.repeat(199)}...`);
    expect(contentPreview(`${'a'.repeat(199)}😀😀`)).toBe(`${'a'.repeat(199)}😀...`);
  });

  it('cuts texts of every kind where a cut of their array of characters would', () => {
    // The cut as it was made before (an array of every character), kept here as the reference.
    const byArray = (content: string) => {
      const chars = Array.from(content);
      return chars.length <= 200 ? content : chars.slice(0, 200).join('');
    };
    const texts = [
      'Grüße aus Köln ',
      'مرحبا بالعالم ',
      '日本語のテキスト ',
      '👩‍👩‍👧 family ',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ',
      'plain ',
    ];
    for (const text of texts) {
      for (const times of [1, 13, 14, 15, 40]) {
        const content = text.repeat(times);
        const cut = byArray(content);
        expect(contentPreview(content)).toBe(cut === content ? content : `${cut.trimEnd()}...`);
      }
    }
  });
});
