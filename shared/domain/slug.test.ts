import { describe, expect, it } from 'vitest';
import { slugField } from '../api/public-posts';
import { SLUG_ID_SHAPED_MESSAGE, SLUG_MESSAGE, slugProblem } from './slug';

describe('slug rule', () => {
  it('names what is wrong', () => {
    expect(slugProblem('Tomatoes')).toBe(SLUG_MESSAGE);
    expect(slugProblem('0d9c5e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6')).toBe(SLUG_ID_SHAPED_MESSAGE);
    expect(slugProblem(' plum-jam ')).toBeNull();
  });

  it.each([
    '',
    '   ',
    'ab',
    'a'.repeat(81),
    'Tomatoes',
    'to--ma',
    '-tom',
    'tom-',
    '2026',
    'tom atoes',
    'tomatoes',
    'plum-jam-2',
    'x'.repeat(80),
    ' padded-slug ',
    '0d9c5e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  ])('agrees with the contract on %j', (value) => {
    const parsed = slugField.safeParse(value);
    expect(slugProblem(value)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
  });
});
