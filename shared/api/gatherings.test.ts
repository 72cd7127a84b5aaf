import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import { BLANK } from './fields';
import {
  CreateEventBodySchema,
  EventSchema,
  EventSummarySchema,
  ReminderDefaultBodySchema,
  RemindersBodySchema,
  RsvpBodySchema,
  UpdateEventBodySchema,
} from './gatherings';

/**
 * The gathering contracts (issue 30, ADR 057): what a new event, an edit and an answer may carry,
 * the message a refused field gets at the path the 422 names, and the exact shape of an event.
 */

describe('a new event', () => {
  const create = (fields: Record<string, unknown>) =>
    refusals(CreateEventBodySchema, {
      group_event: { title: 'Picnic', starts_at: '2030-06-01T12:00', ...fields },
    });

  it('takes the contract fields, the zone in its canonical spelling, blank extras as none', () => {
    const parsed = CreateEventBodySchema.parse({
      group_event: {
        group_id: UUID,
        title: '  Picnic ',
        starts_at: '2030-06-01T12:00',
        ends_at: '2030-06-01T15:00:00+02:00',
        time_zone: 'europe/berlin',
        capacity: 12,
        place: '  ',
        map_url: '',
      },
    }).group_event;
    expect(parsed).toMatchObject({
      group_id: UUID,
      title: 'Picnic',
      description: '',
      time_zone: 'Europe/Berlin',
      capacity: 12,
      place: null,
      map_url: null,
    });
    expect(
      CreateEventBodySchema.parse({ group_event: { title: 'a', starts_at: '2030-06-01', group_id: '' } })
        .group_event.group_id,
    ).toBeNull();
  });

  it('refuses a blank title, times that are not times, unknown zones and other addresses than web ones', () => {
    expect(create({ title: ' ' })).toEqual([['group_event.title', BLANK]]);
    expect(create({ starts_at: 'tomorrow' })).toEqual([
      ['group_event.starts_at', 'is not a date and time (YYYY-MM-DDTHH:mm, or an ISO 8601 instant)'],
    ]);
    expect(create({ time_zone: 'Nowhere/Land' })).toEqual([['group_event.time_zone', 'is not a time zone']]);
    expect(create({ map_url: 'javascript:alert(1)' })).toEqual([
      ['group_event.map_url', 'is not a web address (http or https)'],
    ]);
    expect(create({ capacity: 0 })).toEqual([['group_event.capacity', 'must be greater than or equal to 1']]);
    expect(create({ capacity: 2.5 })).toEqual([['group_event.capacity', 'must be a whole number']]);
    expect(create({ all_day: 'yes' })).toEqual([['group_event.all_day', 'must be true or false']]);
  });
});

describe('an edit and an answer', () => {
  it('an edit takes any field but the group, and capacity null to lift the limit', () => {
    expect(UpdateEventBodySchema.parse({ group_event: { capacity: null } })).toEqual({
      group_event: { capacity: null },
    });
    expect(UpdateEventBodySchema.parse({ group_event: { group_id: UUID } })).toEqual({ group_event: {} });
    expect(refusals(UpdateEventBodySchema, { group_event: { title: '' } })).toEqual([
      ['group_event.title', BLANK],
    ]);
  });

  it('an answer is going, maybe or declined, with at most 10 guests', () => {
    expect(RsvpBodySchema.parse({ rsvp: { status: 'going', guests: 2 } })).toEqual({
      rsvp: { status: 'going', guests: 2 },
    });
    expect(refusals(RsvpBodySchema, { rsvp: { status: 'yes' } })).toEqual([
      ['rsvp.status', 'must be one of going, maybe, declined'],
    ]);
    expect(refusals(RsvpBodySchema, { rsvp: { status: 'going', guests: 11 } })).toEqual([
      ['rsvp.guests', 'must be less than or equal to 10'],
    ]);
  });
});

const PERSON = { name: 'Ada Lovelace', username: 'ada_l', avatar: null, profile_id: 'u1' };
const SUMMARY = {
  id: 'e1',
  group_id: 'g1',
  group_name: 'Book Club',
  post_id: 'p1',
  organizer: PERSON,
  title: 'Reading night',
  description: '',
  starts_at: '2027-03-28T08:00:00.000Z',
  ends_at: '2027-03-28T09:00:00.000Z',
  time_zone: 'Europe/Berlin',
  starts_at_local: '2027-03-28T10:00',
  ends_at_local: '2027-03-28T11:00',
  all_day: false,
  place: null,
  map_url: null,
  capacity: null,
  guests_allowed: false,
  cancelled: false,
  going_count: 1,
  waitlist_count: 0,
  maybe_count: 0,
  declined_count: 0,
  spots_left: null,
  my_rsvp: null,
  can_edit: true,
  ended: false,
  can_add_photos: false,
  calendar_url: '/api/group_events/e1/calendar.ics',
  created_at: '2027-01-01T00:00:00.000Z',
};

describe('an event as the API answers it', () => {
  it('carries the contract counts and every field, required', () => {
    expectEveryFieldRequired(EventSummarySchema, SUMMARY);
    expectEveryFieldRequired(EventSummarySchema, {
      ...SUMMARY,
      my_rsvp: {
        status: 'maybe',
        guests: 0,
        waitlisted: false,
        reminders: 'default',
        default_reminders: 'both',
      },
    });
    expectEveryFieldRequired(EventSchema, {
      ...SUMMARY,
      answers: [{ ...PERSON, status: 'going', guests: 0, waitlisted: false }],
    });
  });
});

describe('reminders', () => {
  it('an event takes off, day_before, hour_before, both or default; the default one of the four', () => {
    expect(RemindersBodySchema.parse({ reminders: { choice: 'default' } })).toEqual({
      reminders: { choice: 'default' },
    });
    expect(refusals(RemindersBodySchema, { reminders: { choice: 'weekly' } })).toEqual([
      ['reminders.choice', 'must be one of off, day_before, hour_before, both, default'],
    ]);
    expect(ReminderDefaultBodySchema.parse({ event_reminders: { choice: 'off' } })).toEqual({
      event_reminders: { choice: 'off' },
    });
    expect(refusals(ReminderDefaultBodySchema, { event_reminders: { choice: 'default' } })).toEqual([
      ['event_reminders.choice', 'must be one of off, day_before, hour_before, both'],
    ]);
  });
});
