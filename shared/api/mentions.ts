import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { MENTION_QUERY_MIN } from '../domain/mentions';
import { text, tooLong, uuidParam } from './fields';

/** Contracts of @mentions: the members a text names, and the autocomplete while typing `@`. */

/** A member a post or comment mentions (an unknown @name is not listed and stays text). */
export const MentionRefSchema = z.object({
  username: z.string(),
  /** The member's user id (GET /api/profiles/{profile_id}). */
  profile_id: z.string(),
});
export type MentionRef = z.infer<typeof MentionRefSchema>;

/**
 * GET /api/mentions?q=&group_id= : members whose username or name starts with `q`. With `group_id`
 * (a post in that group, or a comment on one) only that group's members.
 */
export const MentionQuerySchema = z.object({
  q: text()
    .trim()
    .min(MENTION_QUERY_MIN, { error: `is too short (minimum is ${MENTION_QUERY_MIN} characters)` })
    .max(LIMITS.nameMax, tooLong(LIMITS.nameMax)),
  group_id: uuidParam.optional(),
});
export type MentionQuery = z.infer<typeof MentionQuerySchema>;

export const MentionSuggestionSchema = z.object({
  username: z.string(),
  /** First and last name when both exist, else the username. */
  name: z.string(),
  avatar: z.string().nullable(),
  profile_id: z.string(),
});
export type MentionSuggestion = z.infer<typeof MentionSuggestionSchema>;

export const MentionSuggestionListSchema = z.array(MentionSuggestionSchema);
