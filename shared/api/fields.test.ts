import { describe, expect, it } from 'vitest';
import { refusals } from '../../tests/support/contract-checks';
import {
  hasHiddenFormatting,
  hasStackedMarks,
  identityName,
  INVALID_TEXT,
  PageQuerySchema,
  text,
  titleText,
  wholeNumber,
} from './fields';

describe('hidden formatting (bidi controls, zero-width characters)', () => {
  it.each([
    ['\u202A', 'LRE'],
    ['\u202E', 'RLO'],
    ['\u2066', 'LRI'],
    ['\u2069', 'PDI'],
    ['\u200E', 'LRM'],
    ['\u200F', 'RLM'],
    ['\u061C', 'ALM'],
    ['\u200B', 'ZWSP'],
    ['\u200C', 'ZWNJ'],
    ['\u200D', 'ZWJ'],
    ['\u2060', 'WJ'],
    ['\uFEFF', 'BOM'],
  ])('finds %j (%s)', (character) => {
    expect(hasHiddenFormatting(`ab${character}cd`)).toBe(true);
  });

  it('leaves ordinary text of any script alone', () => {
    for (const value of ['Ada Lovelace', 'Zoë', 'عربي', 'עברית', '日本語', 'O’Brien', 'Jean-Luc']) {
      expect(hasHiddenFormatting(value), value).toBe(false);
    }
  });
});

describe('stacked combining marks', () => {
  it('allows up to two marks on one character', () => {
    expect(hasStackedMarks('e\u0301')).toBe(false);
    expect(hasStackedMarks('e\u0323\u0302')).toBe(false);
    expect(hasStackedMarks('Crème brûlée')).toBe(false);
  });

  it('refuses three or more (zalgo)', () => {
    expect(hasStackedMarks('e\u0301\u0302\u0303')).toBe(true);
    expect(hasStackedMarks('Z\u0351\u0352\u0353algo')).toBe(true);
  });
});

describe('field helpers', () => {
  it('identityName refuses hidden formatting and stacked marks, trims, and turns blank into null', () => {
    const field = identityName(100);
    expect(field.safeParse('\u202Enimda').error?.issues[0]?.message).toBe(
      'must not contain invisible or text-direction characters',
    );
    expect(field.safeParse('a\u0301\u0302\u0303').error?.issues[0]?.message).toBe(
      'has too many combining marks (at most 2 on one character)',
    );
    expect(field.parse('  Zoë ')).toBe('Zoë');
    expect(field.parse('  ')).toBeNull();
  });

  it('titleText refuses stacked marks but keeps the other rules of a required text', () => {
    const field = titleText(10);
    expect(field.safeParse('Z\u0351\u0352\u0353').success).toBe(false);
    expect(field.safeParse('  ').error?.issues[0]?.message).toBe("can't be blank");
    expect(field.parse(' Crème ')).toBe('Crème');
  });

  it('identityName names a hidden character alone, even when marks are stacked too', () => {
    expect(refusals(identityName(100), 'Zoe\u0301\u0302\u0303\u202E')).toEqual([
      ['', 'must not contain invisible or text-direction characters'],
    ]);
  });

  it('text refuses what PostgreSQL cannot store with its own words, and says anything else is not text', () => {
    expect(INVALID_TEXT).toBe('contains characters that are not allowed');
    expect(refusals(text(), 'a\u0000b')).toEqual([['', 'contains characters that are not allowed']]);
    expect(refusals(text(), 42)).toEqual([['', 'must be text']]);
    expect(refusals(text("can't be blank"), undefined)).toEqual([['', "can't be blank"]]);
  });
});

describe('whole numbers', () => {
  it('take min to max and refuse the rest in words', () => {
    const days = wholeNumber(0, 365);
    expect(days.parse(0)).toBe(0);
    expect(days.parse(365)).toBe(365);
    expect(refusals(days, -1)).toEqual([['', 'must be greater than or equal to 0']]);
    expect(refusals(days, 366)).toEqual([['', 'must be less than or equal to 365']]);
    expect(refusals(days, 2.5)).toEqual([['', 'must be a whole number']]);
    expect(refusals(days, '3')).toEqual([['', 'is not a number']]);
  });

  it("read a page's limit from the query string, 1 to 50", () => {
    expect(PageQuerySchema.parse({ limit: '20' })).toEqual({ limit: 20 });
    expect(refusals(PageQuerySchema, { limit: '0' })).toEqual([
      ['limit', 'must be greater than or equal to 1'],
    ]);
    expect(refusals(PageQuerySchema, { limit: '51' })).toEqual([
      ['limit', 'must be less than or equal to 50'],
    ]);
    expect(refusals(PageQuerySchema, { limit: 'ten' })).toEqual([['limit', 'is not a number']]);
    expect(refusals(PageQuerySchema, { after: 'x'.repeat(201) })).toEqual([
      ['after', 'is too long (maximum is 200 characters)'],
    ]);
  });
});
