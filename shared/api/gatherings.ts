import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { EVENT_LIMITS, EVENT_MESSAGES, REMINDER_CHOICES, RSVP_STATUSES } from '../domain/gatherings';
import { checkLinkUrl } from '../domain/link-url';
import { canonicalTimeZone } from '../domain/time-zones';
import { optionalText, text, titleText, tooLong, uuidParam, wholeNumber } from './fields';

/**
 * Contracts of gatherings (issue 30, ADR 057): events in a group or among a member's followers,
 * and the answers to them. Paths: POST /api/group_events, GET/PATCH /api/group_events/{id},
 * POST /api/group_events/{id}/cancellation, PUT /api/group_events/{id}/rsvp,
 * PUT /api/group_events/{id}/reminders, GET/PUT /api/event_reminders (the member's default),
 * GET /api/group_events/{id}/calendar.ics, GET /api/groups/{id}/events (a group's upcoming events)
 * and GET /api/group_events (the member's upcoming events).
 */

/** An optional id: absent, null or '' (a form's "no group" choice) all mean none. */
const optionalId = z.preprocess((value) => (value === '' ? null : value), uuidParam.nullish());

/**
 * A time: a wall-clock time read in the event's zone (`2027-03-28T10:00`, or a date alone for an
 * all-day event) or an instant with `Z` or an offset. The server reads it (eventInstant).
 */
export const eventTime = text().regex(
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/,
  { error: EVENT_MESSAGES.notATime },
);

/** An IANA zone, kept in its canonical spelling. */
const timeZone = text().transform((value, context) => {
  const zone = canonicalTimeZone(value);
  if (!zone) context.addIssue({ code: 'custom', message: EVENT_MESSAGES.notAZone });
  return zone ?? value;
});

/** A map link: http or https, nothing else (a `javascript:` address never reaches a page). */
const mapUrl = z.preprocess(
  (value) => (value === '' ? null : value),
  text()
    .trim()
    .max(LIMITS.urlMax, tooLong(LIMITS.urlMax))
    .refine((value) => checkLinkUrl(value).ok, { error: 'is not a web address (http or https)' })
    .nullish(),
);

/**
 * What a planned event is, as its organiser writes it: where it happens, what it is, the zone its
 * times are read in and how many may come. An event adds its times and its rules for guests; a date
 * poll (./date-polls) adds the dates it proposes, and hands these fields to the event it becomes.
 */
export const eventPlanFields = {
  /** The group it is in; absent or null: among the organiser's followers. */
  group_id: optionalId,
  title: titleText(EVENT_LIMITS.title),
  description: text()
    .max(LIMITS.postContent, tooLong(LIMITS.postContent))
    .nullish()
    .transform((value) => value ?? ''),
  /** The zone wall-clock times are read in and the event is planned in; absent: the organiser's own. */
  time_zone: timeZone.nullish(),
  place: optionalText(EVENT_LIMITS.place),
  map_url: mapUrl,
  /** People who may be going, guests included; absent or null: no limit. */
  capacity: wholeNumber(1, EVENT_LIMITS.capacityMax).nullish(),
};

export const CreateEventBodySchema = z.object({
  group_event: z.object({
    ...eventPlanFields,
    starts_at: eventTime,
    /** Absent: an hour after the start (a timed event) or the start's day (all-day). */
    ends_at: eventTime.nullish(),
    all_day: z.boolean({ error: 'must be true or false' }).optional(),
    guests_allowed: z.boolean({ error: 'must be true or false' }).optional(),
  }),
});
export type CreateEventBody = z.infer<typeof CreateEventBodySchema>;

/** PATCH: any of create's fields but the group; `capacity: null` lifts the limit. */
export const UpdateEventBodySchema = z.object({
  group_event: CreateEventBodySchema.shape.group_event
    .omit({ group_id: true })
    .extend({ title: titleText(EVENT_LIMITS.title).optional(), starts_at: eventTime.optional() })
    .partial(),
});
export type UpdateEventBody = z.infer<typeof UpdateEventBodySchema>;

export const RsvpBodySchema = z.object({
  rsvp: z.object({
    status: z.enum(RSVP_STATUSES, { error: `must be one of ${RSVP_STATUSES.join(', ')}` }),
    /** "+N": people the member brings along, when the organiser allows guests. */
    guests: wholeNumber(0, EVENT_LIMITS.guestsMax).optional(),
  }),
});
export type RsvpBody = z.infer<typeof RsvpBodySchema>;

/** A choice of reminders, as the API takes and gives it. */
export const ReminderChoiceSchema = z.enum(REMINDER_CHOICES, {
  error: `must be one of ${REMINDER_CHOICES.join(', ')}`,
});

/** PUT /api/group_events/{id}/reminders: this event's reminders; `default` follows the member's default. */
export const RemindersBodySchema = z.object({
  reminders: z.object({
    choice: z.enum([...REMINDER_CHOICES, 'default'], {
      error: `must be one of ${[...REMINDER_CHOICES, 'default'].join(', ')}`,
    }),
  }),
});
export type RemindersBody = z.infer<typeof RemindersBodySchema>;

/** GET and PUT /api/event_reminders: the reminders a member wants unless they choose per event. */
export const ReminderDefaultSchema = z.object({ choice: ReminderChoiceSchema });
export type ReminderDefault = z.infer<typeof ReminderDefaultSchema>;
export const ReminderDefaultBodySchema = z.object({ event_reminders: ReminderDefaultSchema });

/** A member as a gathering names them: its organiser, or someone who answered. */
export const GatheringPersonSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  profile_id: z.string(),
});

/**
 * What an event and a date poll both show of their plan (eventPlanFields, as the server keeps it):
 * where it is, its card, its organiser and what they wrote. Each adds its own counts and abilities.
 */
export const eventPlanSummaryFields = {
  id: z.string(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  /** The card in the group's timeline (GET /api/posts/{id}); null without a group. */
  post_id: z.string().nullable(),
  organizer: GatheringPersonSchema,
  title: z.string(),
  /** Markdown, as a post's content. */
  description: z.string(),
  /** The zone the event is planned in, whose clocks its times are read on. */
  time_zone: z.string(),
  place: z.string().nullable(),
  map_url: z.string().nullable(),
  capacity: z.number().int().nullable(),
};

/** One member's answer, as others see it. */
export const EventAnswerSchema = GatheringPersonSchema.extend({
  status: z.enum(RSVP_STATUSES),
  guests: z.number().int(),
  /** Going, but beyond the capacity: waiting for a place, in the order answered. */
  waitlisted: z.boolean(),
});
export type EventAnswer = z.infer<typeof EventAnswerSchema>;

/** An event as lists show it. */
export const EventSummarySchema = z.object({
  ...eventPlanSummaryFields,
  /** Instants, ISO 8601 in UTC; each member's app shows them in the member's zone. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** The times on the event's zone's clocks (`2027-03-28T10:00`). */
  starts_at_local: z.string(),
  ends_at_local: z.string(),
  all_day: z.boolean(),
  guests_allowed: z.boolean(),
  cancelled: z.boolean(),
  /** People going (guests counted) with a place, and people waiting for one. */
  going_count: z.number().int(),
  waitlist_count: z.number().int(),
  maybe_count: z.number().int(),
  declined_count: z.number().int(),
  /** Places left under the capacity; null without one. */
  spots_left: z.number().int().nullable(),
  /** The viewer's own answer; null if they have not answered. */
  my_rsvp: z
    .object({
      status: z.enum(RSVP_STATUSES),
      guests: z.number().int(),
      waitlisted: z.boolean(),
      /** The reminders chosen for this event; `default`: the member's default (`default_reminders`). */
      reminders: z.enum([...REMINDER_CHOICES, 'default']),
      default_reminders: ReminderChoiceSchema,
    })
    .nullable(),
  /** The organiser edits and cancels. */
  can_edit: z.boolean(),
  /** The event has ended (its page then gathers photos). */
  ended: z.boolean(),
  /** The viewer went and may add photos, as posts of the group (`photos_of_event_id`). */
  can_add_photos: z.boolean(),
  /** The event's `.ics` file. */
  calendar_url: z.string(),
  created_at: z.string(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

/** GET /api/group_events/{id}: the summary and the answers the viewer may see, earliest first. */
export const EventSchema = EventSummarySchema.extend({ answers: z.array(EventAnswerSchema) });
export type GroupEvent = z.infer<typeof EventSchema>;

export const EventListSchema = z.array(EventSummarySchema);

/**
 * GET, POST and DELETE /api/calendar_feed: the member's private calendar feed. The address (`url`,
 * under GET /api/calendar_feeds/{token}) is shown once, when made; making one replaces the last.
 */
export const CalendarFeedSchema = z.object({
  active: z.boolean(),
  /** When the current address was made; null without one. */
  created_at: z.string().nullable(),
  /** The new address, only in the answer that made it. */
  url: z.string().optional(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** The feed's token: URL-safe base64, as made, possibly with `.ics` after it for calendar apps. */
export const CalendarFeedParamsSchema = z.object({
  token: text().regex(/^[A-Za-z0-9_-]{20,100}(?:\.ics)?$/, { error: 'is not a feed address' }),
});
