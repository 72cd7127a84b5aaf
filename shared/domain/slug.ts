import { LIMITS } from './constants';

/**
 * The slug of a public post's address (/explore/post/{slug}): runs of a-z and 0-9 joined by single
 * dashes, with at least one letter and not shaped like a post id, 3-80 characters.
 * Plain values (no zod) so the web app can check a slug before sending it without bundling zod.
 */
export const SLUG_PATTERN = /^(?=.*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE =
  'may contain only lowercase letters, digits and single dashes, with at least one letter';

const POST_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SLUG_ID_SHAPED_MESSAGE = 'may not have the shape of a post id';

/** Whether a public address names a post id (ids win at /explore/post/{x}); else it is a slug. */
export function isPostIdShaped(value: string): boolean {
  return POST_ID_SHAPE.test(value);
}

/** What is wrong with a slug (after trimming), worded as the server's field errors; null when it is fine. */
export function slugProblem(value: string): string | null {
  const slug = value.trim();
  if (!slug) return "can't be blank";
  if (slug.length < LIMITS.slugMin) return `is too short (minimum is ${LIMITS.slugMin} characters)`;
  if (slug.length > LIMITS.slugMax) return `is too long (maximum is ${LIMITS.slugMax} characters)`;
  if (!SLUG_PATTERN.test(slug)) return SLUG_MESSAGE;
  // A slug like a post id would make /explore/post/{x} ambiguous (ids win there).
  if (isPostIdShaped(slug)) return SLUG_ID_SHAPED_MESSAGE;
  return null;
}
