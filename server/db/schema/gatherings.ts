import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  DatePollAnswer,
  ReminderChoice,
  ReminderLead,
  RsvpStatus,
} from '../../../shared/domain/gatherings';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';
import { groups } from './groups';

/**
 * What an event is, as its organiser plans it: held by the event and by the date poll that plans
 * one (scheduling copies the poll's into the event it becomes). Its zone is the one its times, or a
 * poll's dates, are read in.
 */
const eventPlanColumns = () => ({
  /** None: among the organiser's followers. */
  groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
  organizerId: uuid('organizer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  /** Markdown, as a post's content. */
  description: text('description').notNull().default(''),
  timeZone: text('time_zone').notNull(),
  place: text('place'),
  mapUrl: text('map_url'),
  /** People who may be going, guests included; null: no limit. */
  capacity: integer('capacity'),
});

/**
 * A gathering (ADR 057): in a group (its members see it) or, with no group, among its organiser's
 * followers. Times are instants (UTC) with the IANA zone they were planned in, so each member sees
 * them in their own zone and a daylight-saving change never moves one. Cancelled, not deleted: the
 * answers and the card in the timeline stay, marked.
 */
export const groupEvents = pgTable(
  'group_events',
  {
    id: id(),
    ...eventPlanColumns(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Whole days: the times are the first and last days' midnights in `time_zone`. */
    allDay: boolean('all_day').notNull().default(false),
    guestsAllowed: boolean('guests_allowed').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('group_events_group_starts_idx').on(t.groupId, t.startsAt),
    index('group_events_organizer_starts_idx').on(t.organizerId, t.startsAt),
    check('group_events_ends_after_start', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

/**
 * A member's answer to an event. A `going` answer beyond the capacity waits (`waitlisted`) in the
 * order of `going_since` and moves up by itself when places free; `guests` ride on the answer and
 * count toward the capacity.
 */
export const groupEventRsvps = pgTable(
  'group_event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => groupEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<RsvpStatus>().notNull(),
    guests: integer('guests').notNull().default(0),
    waitlisted: boolean('waitlisted').notNull().default(false),
    /** When this answer last became `going`: its place in the waiting list. */
    goingSince: timestamp('going_since', { withTimezone: true }),
    /** The reminders this member wants before this event; null: their default (`users.event_reminders`). */
    reminders: text('reminders').$type<ReminderChoice>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('group_event_rsvps_user_idx').on(t.userId),
    check('group_event_rsvps_status', sql`${t.status} in ('going', 'maybe', 'declined')`),
    check('group_event_rsvps_reminders', sql`${t.reminders} in ('off', 'day_before', 'hour_before', 'both')`),
  ],
);

/**
 * The reminders already sent (ADR 057): one row per event, member, lead and start. Written in the
 * transaction that notifies, and only when the row is new, so a reminder goes out once however many
 * workers sweep and after any restart. The start is part of the key: an event moved to a new time
 * is reminded again at its new moments.
 */
export const groupEventReminders = pgTable(
  'group_event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => groupEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lead: text('lead').$type<ReminderLead>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.lead, t.startsAt] })],
);

/**
 * A member's private calendar feed (ADR 057): one per member, found by its token's SHA-256 (the
 * address is shown once, when made). Making a new one replaces it, so the old address stops
 * working; deleting the row revokes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);

/**
 * A date poll (issue 30 part 2, ADR 057): before an event, its organiser proposes dates and members
 * mark each one. Seen by whoever would see the event (the same scope: a group, or the organiser's
 * followers). Scheduling turns one date into the event (`event_id`, at most one) and closes the poll.
 */
export const datePolls = pgTable(
  'date_polls',
  {
    id: id(),
    ...eventPlanColumns(),
    /** The event it became; set once, when scheduled (the poll then takes no answers). */
    eventId: uuid('event_id').references(() => groupEvents.id, { onDelete: 'set null' }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('date_polls_group_created_idx').on(t.groupId, t.createdAt),
    uniqueIndex('date_polls_event_idx').on(t.eventId),
  ],
);

/** One proposed date: instants (UTC), read in the poll's zone when proposed; kept in the order given. */
export const datePollCandidates = pgTable(
  'date_poll_candidates',
  {
    id: id(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => datePolls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('date_poll_candidates_poll_position_idx').on(t.pollId, t.position),
    check('date_poll_candidates_ends_after_start', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

/** A member's mark on one date: yes, if need be, or no; changed in place. */
export const datePollAnswers = pgTable(
  'date_poll_answers',
  {
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => datePollCandidates.id, { onDelete: 'cascade' }),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => datePolls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').$type<DatePollAnswer>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.candidateId, t.userId] }),
    index('date_poll_answers_poll_idx').on(t.pollId),
    index('date_poll_answers_user_idx').on(t.userId),
    check('date_poll_answers_answer', sql`${t.answer} in ('yes', 'if_need_be', 'no')`),
  ],
);
