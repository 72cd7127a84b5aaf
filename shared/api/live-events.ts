/**
 * The events of the live stream (GET /api/events, Server-Sent Events). They are hints to refetch,
 * never data: each names what changed, and the reader loads it through the normal, authorised API.
 */
export type LiveEvent =
  /** A link's processing moved on (a step finished, failed or was retried). */
  | { type: 'link.updated'; linkId: string }
  /** A post appeared that the audience may see (the timeline offers "N new posts"). */
  | { type: 'post.created'; postId: string; groupId: string | null }
  /** A notification arrived for its recipient (the Inbox badge and list refresh). */
  | { type: 'notification.created'; notificationId: string }
  /** A group's join requests changed (one arrived or was answered): its Owners and Moderators refetch counts. */
  | { type: 'group.requests'; groupId: string };

export const LIVE_EVENT_TYPES: ReadonlySet<string> = new Set<LiveEvent['type']>([
  'link.updated',
  'post.created',
  'notification.created',
  'group.requests',
]);
