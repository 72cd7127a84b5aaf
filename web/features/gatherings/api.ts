import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  CalendarFeed,
  CreateEventBody,
  EventSummary,
  GroupEvent,
  ReminderDefault,
  RemindersBody,
  RsvpBody,
  UpdateEventBody,
} from '@shared/api/gatherings';
import type {
  CreateDatePollBody,
  DatePoll,
  DatePollAnswersBody,
  DatePollSummary,
} from '@shared/api/date-polls';
import type { Post } from '@shared/api/posts';
import { postsMeta } from '@web/features/posts';
import { api } from '@web/lib/api-client';
import { cursorPaging } from '@web/lib/pagination';

/** Query keys of gatherings: one event, a group's upcoming events, the member's. */
export const eventKeys = {
  all: ['group-events'] as const,
  detail: (id: string) => ['group-events', 'detail', id] as const,
  group: (groupId: string) => ['group-events', 'group', groupId] as const,
  upcoming: () => ['group-events', 'upcoming'] as const,
  photos: (id: string) => ['group-events', 'photos', id] as const,
};

const eventUrl = (id: string) => `/api/group_events/${encodeURIComponent(id)}`;

export function eventQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<GroupEvent>(eventUrl(id), { signal })).data,
  });
}

/**
 * The posts that bring an event's photos, newest first, a page at a time (the timeline's cursor
 * paging); marked as pages of posts so a like or a removal shows in them at once.
 */
export function eventPhotosQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: eventKeys.photos(id),
    ...cursorPaging<Post>(api, `/group_events/${encodeURIComponent(id)}/photos`),
    meta: postsMeta('pages'),
  });
}

/** A group's upcoming events (GET /api/groups/{id}/events), soonest first. */
export function groupEventsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: eventKeys.group(groupId),
    queryFn: async ({ signal }) =>
      (await api.get<EventSummary[]>(`/api/groups/${encodeURIComponent(groupId)}/events`, { signal })).data,
  });
}

/** Every upcoming event the member may see (GET /api/group_events). */
export function upcomingEventsQueryOptions() {
  return queryOptions({
    queryKey: eventKeys.upcoming(),
    queryFn: async ({ signal }) => (await api.get<EventSummary[]>('/api/group_events', { signal })).data,
  });
}

export async function createEvent(body: CreateEventBody['group_event']): Promise<GroupEvent> {
  return (await api.post<GroupEvent>('/api/group_events', { group_event: body })).data;
}

export async function updateEvent(id: string, body: UpdateEventBody['group_event']): Promise<GroupEvent> {
  return (await api.patch<GroupEvent>(eventUrl(id), { group_event: body })).data;
}

export async function cancelEvent(id: string): Promise<GroupEvent> {
  return (await api.post<GroupEvent>(`${eventUrl(id)}/cancellation`)).data;
}

export async function answerEvent(id: string, rsvp: RsvpBody['rsvp']): Promise<GroupEvent> {
  return (await api.put<GroupEvent>(`${eventUrl(id)}/rsvp`, { rsvp })).data;
}

/** The viewer's reminders for one event (PUT /api/group_events/{id}/reminders). */
export async function chooseReminders(
  id: string,
  reminders: RemindersBody['reminders'],
): Promise<GroupEvent> {
  return (await api.put<GroupEvent>(`${eventUrl(id)}/reminders`, { reminders })).data;
}

/** The member's default reminders (GET/PUT /api/event_reminders). */
export const reminderDefaultKey = ['group-events', 'reminder-default'] as const;

export function reminderDefaultQueryOptions() {
  return queryOptions({
    queryKey: reminderDefaultKey,
    queryFn: async ({ signal }) => (await api.get<ReminderDefault>('/api/event_reminders', { signal })).data,
  });
}

export async function saveReminderDefault(choice: ReminderDefault['choice']): Promise<ReminderDefault> {
  return (await api.put<ReminderDefault>('/api/event_reminders', { event_reminders: { choice } })).data;
}

/** The member's private calendar feed (GET/POST/DELETE /api/calendar_feed). */
export const calendarFeedKey = ['group-events', 'feed'] as const;

export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: calendarFeedKey,
    queryFn: async ({ signal }) => (await api.get<CalendarFeed>('/api/calendar_feed', { signal })).data,
  });
}

export async function renewCalendarFeed(): Promise<CalendarFeed> {
  return (await api.post<CalendarFeed>('/api/calendar_feed')).data;
}

export async function revokeCalendarFeed(): Promise<CalendarFeed> {
  return (await api.delete<CalendarFeed>('/api/calendar_feed')).data;
}

/** Query keys of date polls (ADR 057): one poll, a group's open polls. */
export const datePollKeys = {
  all: ['date-polls'] as const,
  detail: (id: string) => ['date-polls', 'detail', id] as const,
  group: (groupId: string) => ['date-polls', 'group', groupId] as const,
};

const datePollUrl = (id: string) => `/api/date_polls/${encodeURIComponent(id)}`;

export function datePollQueryOptions(id: string) {
  return queryOptions({
    queryKey: datePollKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<DatePoll>(datePollUrl(id), { signal })).data,
  });
}

/** A group's date polls not yet scheduled (GET /api/groups/{id}/date_polls), newest first. */
export function groupDatePollsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: datePollKeys.group(groupId),
    queryFn: async ({ signal }) =>
      (await api.get<DatePollSummary[]>(`/api/groups/${encodeURIComponent(groupId)}/date_polls`, { signal }))
        .data,
  });
}

export async function createDatePoll(body: CreateDatePollBody['date_poll']): Promise<DatePoll> {
  return (await api.post<DatePoll>('/api/date_polls', { date_poll: body })).data;
}

/** The viewer's marks on some of the poll's dates (PUT /api/date_polls/{id}/answers). */
export async function answerDatePoll(id: string, answers: DatePollAnswersBody['answers']): Promise<DatePoll> {
  return (await api.put<DatePoll>(`${datePollUrl(id)}/answers`, { answers })).data;
}

/** The organiser turns one date into the event (POST /api/date_polls/{id}/schedule). */
export async function scheduleDatePoll(id: string, candidateId: string): Promise<DatePoll> {
  return (await api.post<DatePoll>(`${datePollUrl(id)}/schedule`, { candidate_id: candidateId })).data;
}
