import { z } from 'zod';
import { REACTION_EMOJI, REACTION_MESSAGES } from '../domain/reactions';
import { uuidParam } from './fields';

/**
 * Reactions on posts and comments (ADR 044). A post's and a comment's JSON carry `reactions`: the
 * emoji with at least one reaction the viewer may see, in REACTION_EMOJI order.
 */
export const ReactionSummarySchema = z.object({
  emoji: z.enum(REACTION_EMOJI),
  count: z.number().int(),
  /** The viewer gave this one. */
  reacted: z.boolean(),
});
export type ReactionSummary = z.infer<typeof ReactionSummarySchema>;
export const ReactionSummariesSchema = z.array(ReactionSummarySchema);

/** PUT and DELETE /api/posts/{id}/reactions/{emoji} and /api/comments/{id}/reactions/{emoji}. */
export const ReactionParamsSchema = z.object({
  id: uuidParam,
  emoji: z.enum(REACTION_EMOJI, { error: REACTION_MESSAGES.unknownEmoji }),
});
export type ReactionParams = z.infer<typeof ReactionParamsSchema>;

/** What a reaction's PUT and DELETE answer: the emoji, whether the viewer now has it, and every count. */
export const ReactionResponseSchema = z.object({
  emoji: z.enum(REACTION_EMOJI),
  reacted: z.boolean(),
  reactions: ReactionSummariesSchema,
});
export type ReactionResponse = z.infer<typeof ReactionResponseSchema>;

/** A member in a who-reacted list. */
export const ReactorSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  profile_id: z.string(),
});
export type Reactor = z.infer<typeof ReactorSchema>;

/**
 * GET /api/posts/{id}/reactions and /api/comments/{id}/reactions: per emoji (REACTION_EMOJI order,
 * only those given), the count and the most recent REACTORS_SHOWN members, newest first. Members
 * blocked either way are neither counted nor listed.
 */
export const WhoReactedSchema = z.array(
  ReactionSummarySchema.extend({
    members: z.array(ReactorSchema),
  }),
);
export type WhoReacted = z.infer<typeof WhoReactedSchema>;
