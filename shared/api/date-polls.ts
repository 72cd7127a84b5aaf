import { z } from 'zod';
import { DATE_POLL_ANSWERS, DATE_POLL_LIMITS } from '../domain/gatherings';
import { uuidParam } from './fields';
import { eventPlanFields, eventPlanSummaryFields, eventTime, GatheringPersonSchema } from './gatherings';

/**
 * Contracts of date polls (issue 30 part 2, ADR 057): before an event, its organiser proposes
 * dates and members mark each one; the organiser turns the chosen date into the event. Paths:
 * POST /api/date_polls, GET /api/date_polls/{id}, PUT /api/date_polls/{id}/answers,
 * POST /api/date_polls/{id}/schedule and GET /api/groups/{id}/date_polls (a group's open polls).
 * Each answers 404 to whoever may not see the poll, with the rule of events.
 */

const candidate = z.object({
  /** A wall-clock time read in the poll's zone, or an instant (as an event's `starts_at`). */
  starts_at: eventTime,
  /** Absent: the event lasts an hour. */
  ends_at: eventTime.nullish(),
});

export const CreateDatePollBodySchema = z.object({
  /** The event it plans (its zone is also the one the dates are read in), and the dates proposed. */
  date_poll: z.object({
    ...eventPlanFields,
    candidates: z
      .array(candidate, { error: 'must be a list of dates' })
      .min(DATE_POLL_LIMITS.candidatesMin, {
        error: `must have at least ${DATE_POLL_LIMITS.candidatesMin} dates`,
      })
      .max(DATE_POLL_LIMITS.candidatesMax, {
        error: `can have at most ${DATE_POLL_LIMITS.candidatesMax} dates`,
      }),
  }),
});
export type CreateDatePollBody = z.infer<typeof CreateDatePollBodySchema>;

export const DatePollAnswerSchema = z.enum(DATE_POLL_ANSWERS, {
  error: `must be one of ${DATE_POLL_ANSWERS.join(', ')}`,
});

/** PUT /api/date_polls/{id}/answers: the viewer's marks, one per date given; others stay as they are. */
export const DatePollAnswersBodySchema = z.object({
  answers: z
    .array(z.object({ candidate_id: uuidParam, answer: DatePollAnswerSchema }), {
      error: 'must be a list of answers',
    })
    .min(1, { error: 'must answer at least one date' })
    .max(DATE_POLL_LIMITS.candidatesMax, {
      error: `can answer at most ${DATE_POLL_LIMITS.candidatesMax} dates`,
    }),
});
export type DatePollAnswersBody = z.infer<typeof DatePollAnswersBodySchema>;

/** POST /api/date_polls/{id}/schedule: the date that becomes the event. */
export const ScheduleDatePollBodySchema = z.object({ candidate_id: uuidParam });

export const DatePollCandidateSchema = z.object({
  id: z.string(),
  /** Instants, ISO 8601 in UTC, and the same on the poll's zone's clocks (`2027-03-28T10:00`). */
  starts_at: z.string(),
  ends_at: z.string(),
  starts_at_local: z.string(),
  ends_at_local: z.string(),
  yes_count: z.number().int(),
  if_need_be_count: z.number().int(),
  no_count: z.number().int(),
  /** Who answered this date and how, earliest first; none a block separates from the viewer. */
  answers: z.array(GatheringPersonSchema.extend({ answer: DatePollAnswerSchema })),
  /** The viewer's own mark; null if they have not marked it. */
  my_answer: DatePollAnswerSchema.nullable(),
  /** The most "yes", then the most "if need be". */
  best: z.boolean(),
});
export type DatePollCandidate = z.infer<typeof DatePollCandidateSchema>;

/** A poll as lists show it: the event it plans (its card is the poll's), and how it goes. */
export const DatePollSummarySchema = z.object({
  ...eventPlanSummaryFields,
  /** Members who answered at least one date. */
  respondents_count: z.number().int(),
  /** Scheduled: the event it became (GET /api/group_events/{id}); the poll then takes no answers. */
  event_id: z.string().nullable(),
  /** The organiser schedules. */
  can_schedule: z.boolean(),
  created_at: z.string(),
});
export type DatePollSummary = z.infer<typeof DatePollSummarySchema>;

/** GET /api/date_polls/{id}: the poll and its dates, in the order proposed, with their answers. */
export const DatePollSchema = DatePollSummarySchema.extend({
  candidates: z.array(DatePollCandidateSchema),
});
export type DatePoll = z.infer<typeof DatePollSchema>;

export const DatePollListSchema = z.array(DatePollSummarySchema);
