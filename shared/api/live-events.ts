/**
 * The events of the live stream (GET /api/events, Server-Sent Events). They are hints to refetch,
 * never data: each names what changed, and the reader loads it through the normal, authorised API.
 * The one exception is `post.counts`, whose two numbers are the same for every member who may see
 * the post (the post's counters, ADR 047); nothing a member sees only for themselves travels here.
 */
export type LiveEvent =
  /** A link's processing moved on (a step finished, failed or was retried). */
  | { type: 'link.updated'; linkId: string }
  /** A post appeared that the audience may see (the timeline offers "N new posts"). */
  | { type: 'post.created'; postId: string; groupId: string | null }
  /** A notification arrived for its recipient (the Inbox badge and list refresh). */
  | { type: 'notification.created'; notificationId: string }
  /** A group's join requests changed (one arrived or was answered): its Owners and Moderators refetch counts. */
  | { type: 'group.requests'; groupId: string }
  /**
   * A comment on a post was written, rewritten or removed (`parentId`: the top-level comment a reply
   * answers). An open post page loads a new or edited comment through GET /api/comments/{id}.
   */
  | LiveCommentEvent
  /** A post's like or comment count changed: cached cards and the post page show the new numbers. */
  | { type: 'post.counts'; postId: string; likesCount: number; commentsCount: number }
  /**
   * Someone reacted to a post (`commentId` null) or to one of its comments, or took a reaction back
   * (ADR 044). A hint only: counts leave out members blocked with the viewer, so an open post page
   * loads them again as its viewer sees them.
   */
  | { type: 'reactions.changed'; postId: string; commentId: string | null }
  /** A post of the group was pinned or unpinned (ADR 043): an open group page loads its pins again. */
  | { type: 'group.pins'; groupId: string; postId: string; pinned: boolean }
  /**
   * A gathering changed: an answer, an edit, a cancellation (ADR 057). An open event page (and a
   * card showing it) loads it again; reaches those who may see the event.
   */
  | { type: 'group_event.updated'; eventId: string }
  /**
   * A date poll's answers changed, or it was scheduled (ADR 057). A hint: an open poll page loads it
   * again; reaches those who may see the poll.
   */
  | { type: 'date_poll.updated'; pollId: string }
  /**
   * A post's poll got, changed or lost a vote (ADR 058). A hint without counts or voter: an open card
   * loads the poll again as its viewer may see it; reaches those who may see the post.
   */
  | { type: 'poll.updated'; postId: string }
  /**
   * A message of a private conversation was written, rewritten or deleted (ADR 060). Sent only to
   * the participants who may read that message; an open thread loads it through the API.
   */
  | LiveMessageEvent
  /**
   * A conversation changed for its current participants: renamed, people added or gone, a read
   * mark moved, a request accepted. The list and an open thread load it again.
   */
  | { type: 'conversation.updated'; conversationId: string };

export type LiveMessageEvent = {
  type: 'message.created' | 'message.updated' | 'message.deleted';
  conversationId: string;
  messageId: string;
};

export type LiveCommentEvent = {
  type: 'comment.created' | 'comment.updated' | 'comment.deleted';
  postId: string;
  commentId: string;
  parentId: string | null;
};

export const LIVE_EVENT_TYPES: ReadonlySet<string> = new Set<LiveEvent['type']>([
  'link.updated',
  'post.created',
  'notification.created',
  'group.requests',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'post.counts',
  'reactions.changed',
  'group.pins',
  'group_event.updated',
  'date_poll.updated',
  'poll.updated',
  'message.created',
  'message.updated',
  'message.deleted',
  'conversation.updated',
]);
