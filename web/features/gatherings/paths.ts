/** The gatherings screens' addresses (ADR 057). */
export const UPCOMING_EVENTS_PATH = '/events';
export const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;
export const editEventPath = (id: string) => `/events/${encodeURIComponent(id)}/edit`;
export const datePollPath = (id: string) => `/date_polls/${encodeURIComponent(id)}`;
/** A new date poll, in a group when `groupId` is given (else among the member's followers). */
export const newDatePollPath = (groupId?: string) =>
  groupId ? `/date_polls/new?group_id=${encodeURIComponent(groupId)}` : '/date_polls/new';
/** A new event, in a group when `groupId` is given (else for the member's followers). */
export const newEventPath = (groupId?: string) =>
  groupId ? `/events/new?group_id=${encodeURIComponent(groupId)}` : '/events/new';
