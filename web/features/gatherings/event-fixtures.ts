import type { GroupEvent } from '@shared/api/gatherings';
import { testId } from '@web/test/ids';

const ada = { name: 'Ada Lovelace', username: 'ada', avatar: null, profile_id: testId('ada') };

/** A reading night in Book club that Ada organises and goes to, for tests; `overrides` change it. */
export function anEvent(overrides: Partial<GroupEvent> = {}): GroupEvent {
  return {
    id: testId('event'),
    group_id: testId('group'),
    group_name: 'Book club',
    post_id: testId('card'),
    organizer: ada,
    title: 'Reading night',
    description: '',
    starts_at: '2030-05-04T17:00:00.000Z',
    ends_at: '2030-05-04T19:00:00.000Z',
    time_zone: 'Europe/Berlin',
    starts_at_local: '2030-05-04T19:00',
    ends_at_local: '2030-05-04T21:00',
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
    can_edit: false,
    ended: false,
    can_add_photos: false,
    calendar_url: `/api/group_events/${testId('event')}/calendar.ics`,
    created_at: '2030-04-01T10:00:00.000Z',
    answers: [{ ...ada, status: 'going', guests: 0, waitlisted: false }],
    ...overrides,
  };
}
