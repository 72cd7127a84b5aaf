import { z } from 'zod';

/** Field helpers shared by every contract, so messages read the same everywhere ("email can't be blank"). */

export const BLANK = "can't be blank";

/** A string that must be present and non-blank after trimming; trimmed on the way in. */
export function requiredText(max: number) {
  return z
    .string({ error: BLANK })
    .trim()
    .min(1, { error: BLANK })
    .max(max, { error: `is too long (maximum is ${max} characters)` });
}

/** An optional string; blank becomes null. */
export function optionalText(max: number) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `is too long (maximum is ${max} characters)` })
    .nullish()
    .transform((value) => (value ? value : null));
}

export const emailField = z
  .string({ error: BLANK })
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
