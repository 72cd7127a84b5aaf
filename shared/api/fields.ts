import { z } from 'zod';

/** Field helpers shared by every contract, so messages read the same everywhere ("email can't be blank"). */

export const BLANK = "can't be blank";
export const INVALID_TEXT = 'contains characters that are not allowed';

/** The refusal of a string over `max` characters. */
export function tooLong(max: number) {
  return { error: `is too long (maximum is ${max} characters)` };
}

/**
 * A whole number from `min` to `max`, refused in words like the text fields' ("must be less than
 * or equal to 365"), not the validator's own. `coerce`: from a query string ("20").
 */
export function wholeNumber(min: number, max: number, { coerce = false } = {}) {
  const number = coerce
    ? z.coerce.number({ error: 'is not a number' })
    : z.number({ error: 'is not a number' });
  return number
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be greater than or equal to ${min}` })
    .max(max, { error: `must be less than or equal to ${max}` });
}

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isPlainText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * Every string a request carries. PostgreSQL text refuses NUL bytes (a 500 if one reached it) and
 * would store a lone surrogate as U+FFFD, so both are a 422 here, before any query.
 */
export function text(error: string = 'must be text') {
  return z.string({ error }).refine(isPlainText, { error: INVALID_TEXT });
}

/** A string that must be present and non-blank after trimming; trimmed on the way in. */
export function requiredText(max: number) {
  return text(BLANK).trim().min(1, { error: BLANK }).max(max, tooLong(max));
}

/** An optional string; blank becomes null. */
export function optionalText(max: number) {
  return text()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * Characters that change how text around them is shown without showing themselves: bidirectional
 * overrides, embeddings, isolates and marks (U+202A-202E, U+2066-2069, U+200E/200F, U+061C) and
 * zero-width characters (U+200B-200D, U+2060, U+FEFF). In a name they let "\u202Enimda" read as
 * "admin" or two different usernames look identical (Trojan Source, CVE-2021-42574), so the fields
 * people recognise each other by refuse them.
 */
const HIDDEN_FORMATTING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/;
export const HIDDEN_FORMATTING_MESSAGE = 'must not contain invisible or text-direction characters';
export const hasHiddenFormatting = (value: string) => HIDDEN_FORMATTING.test(value);

/**
 * Real writing puts at most two combining marks on one letter (Vietnamese: ệ = e + two marks);
 * "zalgo" text stacks dozens that spill over the lines above and below. Titles and names allow two.
 */
const MAX_MARKS = 2;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_MARKS + 1},}`, 'u');
export const STACKED_MARKS_MESSAGE = `has too many combining marks (at most ${MAX_MARKS} on one character)`;
export const hasStackedMarks = (value: string) => STACKED_MARKS.test(value);

/** A title shown in lists (post tldr, group name): required, and no stacked combining marks. */
export function titleText(max: number) {
  return requiredText(max).refine((value) => !hasStackedMarks(value), { error: STACKED_MARKS_MESSAGE });
}

/** A first or last name: optional (blank becomes null), with nothing hidden and no stacked marks. */
export function identityName(max: number) {
  return text()
    .trim()
    .max(max, tooLong(max))
    .refine((value) => !hasHiddenFormatting(value), { error: HIDDEN_FORMATTING_MESSAGE, abort: true })
    .refine((value) => !hasStackedMarks(value), { error: STACKED_MARKS_MESSAGE })
    .nullish()
    .transform((value) => (value ? value : null));
}

export const emailField = text(BLANK)
  .trim()
  .min(1, { error: BLANK })
  .max(254, { error: 'is too long' })
  .pipe(z.email({ error: 'is not a valid email address' }))
  .transform((value) => value.toLowerCase());

export const uuidParam = z.string().uuid({ error: 'is not a valid id' });

/** `?after=` cursor, opaque to clients. */
export const PageQuerySchema = z.object({
  after: text().max(200, tooLong(200)).optional(),
  limit: wholeNumber(1, 50, { coerce: true }).optional(),
});
