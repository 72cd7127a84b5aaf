import { z } from 'zod';
import { POLL_LIMITS, POLL_RESULTS } from '../domain/polls';
import { text, tooLong, uuidParam } from './fields';

/**
 * Contracts of polls on posts (issue 30 part 3, ADR 058). A poll is given with its post
 * (`poll` beside the post's fields in POST /api/posts) and shown as the post's `poll`. Paths:
 * GET /api/posts/{id}/poll, PUT and DELETE /api/posts/{id}/poll/vote, GET /api/posts/{id}/poll/voters.
 * Each answers 404 to whoever may not see the post, as the post does.
 */

const optionLabel = text()
  .trim()
  .min(1, { error: "can't be blank" })
  .max(POLL_LIMITS.option, tooLong(POLL_LIMITS.option));

/** An instant with `Z` or an offset, in the future when the poll is made (checked by the server). */
const closesAt = text()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/, {
    error: 'is not a date and time with a zone (ISO 8601, e.g. 2027-03-28T10:00Z)',
    abort: true,
  })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'is not a date and time' })
  .nullish();

/** The poll a new post carries. */
export const NewPollSchema = z.object({
  /** 2 to 10 labels, trimmed, none blank, none twice (compared without case). */
  options: z
    .array(optionLabel, { error: 'must be a list of options' })
    .min(POLL_LIMITS.optionsMin, { error: `must have at least ${POLL_LIMITS.optionsMin} options` })
    .max(POLL_LIMITS.optionsMax, { error: `can have at most ${POLL_LIMITS.optionsMax} options` })
    .refine((labels) => new Set(labels.map((label) => label.toLocaleLowerCase())).size === labels.length, {
      error: 'lists the same option more than once',
    }),
  /** Several options may be chosen; absent: one. */
  multiple: z.boolean({ error: 'must be true or false' }).optional().default(false),
  /** When counts show; absent: after voting. */
  results: z
    .enum(POLL_RESULTS, { error: 'must be after_voting or after_closing' })
    .optional()
    .default('after_voting'),
  /** Votes are kept without the voter; nobody can see who voted what, and a vote is final. */
  anonymous: z.boolean({ error: 'must be true or false' }).optional().default(false),
  /** Absent or null: open until the author's post is gone. */
  closes_at: closesAt,
});
export type NewPoll = z.infer<typeof NewPollSchema>;

/** PUT /api/posts/{id}/poll/vote: the options chosen (one in a single-choice poll); replaces an earlier vote. */
export const PollVoteBodySchema = z.object({
  vote: z.object({
    option_ids: z
      .array(uuidParam, { error: 'must be a list of option ids' })
      .min(1, { error: 'must name at least one option' })
      .max(POLL_LIMITS.optionsMax, { error: `can name at most ${POLL_LIMITS.optionsMax} options` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'names the same option more than once' }),
  }),
});
export type PollVoteBody = z.infer<typeof PollVoteBodySchema>;

export const PollOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Votes for it; null while the viewer may not see results. */
  votes: z.number().int().nullable(),
});

/** A post's poll as its viewer sees it. */
export const PollSchema = z.object({
  multiple: z.boolean(),
  results: z.enum(POLL_RESULTS),
  anonymous: z.boolean(),
  /** ISO 8601; null: no closing time. */
  closes_at: z.string().nullable(),
  closed: z.boolean(),
  /** How many members voted (shown as "N votes" before results too). */
  voters_count: z.number().int(),
  /** The viewer voted. */
  voted: z.boolean(),
  /** The viewer's own options; empty in an anonymous poll, whose votes are kept without the voter. */
  my_option_ids: z.array(z.string()),
  /** The counts show to this viewer now (pollResultsVisible). */
  results_visible: z.boolean(),
  /** The viewer may vote now, or change or take back their vote: open, and not an anonymous vote already given. */
  can_vote: z.boolean(),
  options: z.array(PollOptionSchema),
});
export type Poll = z.infer<typeof PollSchema>;

/** GET /api/posts/{id}/poll/voters: who chose each option (not for anonymous polls, nor before results show). */
export const PollVotersSchema = z.array(
  z.object({
    option_id: z.string(),
    voters: z.array(z.object({ profile_id: z.string(), username: z.string(), name: z.string() })),
  }),
);
export type PollVoters = z.infer<typeof PollVotersSchema>;
