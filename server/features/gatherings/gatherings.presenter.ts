import type { EventAnswer, EventSummary, GroupEvent } from '../../../shared/api/gatherings';
import { wallTimeText } from '../../../shared/domain/gatherings';
import { presentAuthor } from '../profiles/people';
import { canAddPhotosTo, canEditEvent } from './gatherings.policy';
import type { EventRow, listVisibleAnswers } from './gatherings.repo';

type AnswerRow = Awaited<ReturnType<typeof listVisibleAnswers>>[number];

export const calendarPath = (eventId: string) => `/api/group_events/${eventId}/calendar.ics`;

/** What an event and a date poll both show of their plan (eventPlanSummaryFields), from either's row. */
export function presentEventPlan(
  row: Pick<
    EventRow,
    | 'id'
    | 'groupId'
    | 'groupName'
    | 'postId'
    | 'organizerId'
    | 'username'
    | 'firstName'
    | 'lastName'
    | 'avatarFileId'
    | 'title'
    | 'description'
    | 'timeZone'
    | 'place'
    | 'mapUrl'
    | 'capacity'
  >,
) {
  return {
    id: row.id,
    group_id: row.groupId,
    group_name: row.groupName,
    post_id: row.postId,
    organizer: presentAuthor({ ...row, userId: row.organizerId }),
    title: row.title,
    description: row.description,
    time_zone: row.timeZone,
    place: row.place,
    map_url: row.mapUrl,
    capacity: row.capacity,
  };
}

/** An event as lists show it, with the viewer's answer and abilities. */
export function presentEventSummary(row: EventRow, viewerId: string, now = new Date()): EventSummary {
  return {
    ...presentEventPlan(row),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    starts_at_local: wallTimeText(row.startsAt, row.timeZone),
    ends_at_local: wallTimeText(row.endsAt, row.timeZone),
    all_day: row.allDay,
    guests_allowed: row.guestsAllowed,
    cancelled: row.cancelledAt !== null,
    going_count: row.goingCount,
    waitlist_count: row.waitlistCount,
    maybe_count: row.maybeCount,
    declined_count: row.declinedCount,
    spots_left: row.capacity === null ? null : Math.max(0, row.capacity - row.goingCount),
    my_rsvp:
      row.myStatus === null
        ? null
        : {
            status: row.myStatus,
            guests: row.myGuests ?? 0,
            waitlisted: row.myWaitlisted ?? false,
            reminders: row.myReminders ?? 'default',
            default_reminders: row.defaultReminders,
          },
    can_edit: canEditEvent(viewerId, row),
    ended: row.endsAt <= now,
    can_add_photos: canAddPhotosTo(row, now),
    calendar_url: calendarPath(row.id),
    created_at: row.createdAt.toISOString(),
  };
}

function presentAnswer(row: AnswerRow): EventAnswer {
  return {
    ...presentAuthor(row),
    status: row.status,
    guests: row.guests,
    waitlisted: row.waitlisted,
  };
}

/** An event with the answers the viewer may see. */
export function presentEvent(row: EventRow, answers: AnswerRow[], viewerId: string): GroupEvent {
  return { ...presentEventSummary(row, viewerId), answers: answers.map(presentAnswer) };
}
