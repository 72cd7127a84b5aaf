import { describe, expect, it } from 'vitest';
import { ALT_DRAFT_MAX, capAtWord, cleanOcrText, shapeAltDraft } from './alt-draft';

describe('cleanOcrText', () => {
  it('drops the stray marks OCR reads in shadows and keeps the words', () => {
    expect(cleanOcrText('| ~= HAPPY  BIRTHDAY, ee” GRAN! —— ,. 1l')).toBe('HAPPY BIRTHDAY ee GRAN! 1l');
    expect(cleanOcrText('Open 9-17 daily')).toBe('Open 9-17 daily');
  });

  it('answers nothing when only noise was read', () => {
    expect(cleanOcrText('| ~ = — ,, ;')).toBe('');
    expect(cleanOcrText('a')).toBe('');
    expect(cleanOcrText('')).toBe('');
  });
});

describe('capAtWord', () => {
  it('leaves short text alone and cuts long text at a word, with an ellipsis', () => {
    expect(capAtWord('A dog on a beach.', 40)).toBe('A dog on a beach.');
    const cut = capAtWord('one two three four five six', 14);
    expect(cut).toBe('one two three…');
    expect(cut.length).toBeLessThanOrEqual(14);
  });
});

describe('shapeAltDraft', () => {
  it('quotes the words the photo shows', () => {
    expect(shapeAltDraft({ text: '~ HAPPY BIRTHDAY GRAN |', caption: null })).toBe(
      'Text in the photo: “HAPPY BIRTHDAY GRAN”',
    );
  });

  it('puts the caption first, then the words', () => {
    expect(shapeAltDraft({ text: 'HAPPY BIRTHDAY', caption: ' A cake with candles  on a table. ' })).toBe(
      'A cake with candles on a table. Text in the photo: “HAPPY BIRTHDAY”',
    );
  });

  it('is null when nothing was read', () => {
    expect(shapeAltDraft({ text: '', caption: null })).toBeNull();
    expect(shapeAltDraft({ text: '| ~ —', caption: null })).toBeNull();
  });

  it('quotes only the start of a page of text, and never passes the cap', () => {
    const page = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const draft = shapeAltDraft({ text: page, caption: 'A printed letter.' })!;
    expect(draft.length).toBeLessThanOrEqual(ALT_DRAFT_MAX);
    expect(draft.startsWith('A printed letter. Text in the photo: “word0 word1')).toBe(true);
    expect(draft.endsWith('word29 …”')).toBe(true);

    const long = shapeAltDraft({ text: page, caption: `A ${'very '.repeat(50)}long caption.` })!;
    expect(long.length).toBeLessThanOrEqual(ALT_DRAFT_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
