import { queryOptions } from '@tanstack/react-query';
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
import type { Post } from '@shared/api/posts';
import { api } from '@web/lib/api-client';

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

/** The posts that bring an event's photos, newest first (its first page). */
export function eventPhotosQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventKeys.photos(id),
    queryFn: async ({ signal }) => (await api.get<Post[]>(`${eventUrl(id)}/photos`, { signal })).data,
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
