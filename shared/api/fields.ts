import { z } from 'zod';

/** Field helpers shared by every contract, so messages read the same everywhere ("email can't be blank"). */

export const BLANK = "can't be blank";
export const INVALID_TEXT = 'contains characters that are not allowed';

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
  return text(BLANK)
    .trim()
    .min(1, { error: BLANK })
    .max(max, { error: `is too long (maximum is ${max} characters)` });
}

/** An optional string; blank becomes null. */
export function optionalText(max: number) {
  return text()
    .trim()
    .max(max, { error: `is too long (maximum is ${max} characters)` })
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
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
