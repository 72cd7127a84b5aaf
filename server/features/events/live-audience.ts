import { and, eq, inArray, or } from 'drizzle-orm';
import type { GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import {
  comments,
  datePolls,
  follows,
  groupEvents,
  groupRoles,
  links,
  notifications,
  posts,
  userBlocks,
} from '../../db/schema';
import { canAnswerRequests } from '../../policies/group-roles';
import {
  canMemberSeeComment,
  canMemberSeePost,
  canViewEvent,
  canReadMessage,
  canViewLink,
  type EventScope,
  isBlockedEitherWay,
  isConversationParticipant,
} from '../../policies/visibility';
import type { LiveEvent } from './live-events';
import { datedBlocksBetween, findMessageFacts, placesOf } from '../conversations/conversations.repo';

/**
 * Of the members listening, those who may see what the event is about, decided by the one policy
 * module (the same rules as the timelines, blocks included: an event about another member's doing
 * never reaches a member who blocked them or whom they blocked). An event about something deleted
 * since, or that a member may not see, reaches no one. A few queries per event, whatever the
 * number of streams.
 *
 * A message's events reach the participants who may read that message (ADR 060: their window,
 * and no block made before it with its sender); a conversation's, its current participants.
 *
 * `link.updated` concerns the link's owner alone (its processing), and `group.requests` names a
 * group's queue, not a member; `post.created` and `notification.created` name another member.
 * The events of an open post (ADR 047) reach those who may see the post and are not blocked with
 * the member whose doing they report: a new or edited comment's author (read from the comment,
 * which must still exist), or `actorId`, the deleted comment's author or the liker, for the rest.
 */
export async function membersWhoMaySee(
  db: DbOrTx,
  event: LiveEvent,
  candidates: string[],
  actorId?: string,
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  switch (event.type) {
    case 'comment.created':
    case 'comment.updated':
      return membersWhoMaySeeComment(db, event.postId, event.commentId, candidates);
    case 'comment.deleted':
    case 'post.counts':
    case 'reactions.changed':
      // Without the member it is about, nobody: a block could not be told.
      if (!actorId) return new Set();
      return membersWhoMaySeePost(db, event.postId, candidates, { actorId });
    case 'post.created':
      return membersWhoMaySeePost(db, event.postId, candidates, { exceptAuthor: true });
    case 'group.pins':
    case 'poll.updated':
      // Who may see the post: the group's members with no block with its author. A poll's hint names
      // no voter (an anonymous vote must not), so only the post's own audience counts.
      return membersWhoMaySeePost(db, event.postId, candidates);
    case 'link.updated':
      return membersWhoMaySeeLink(db, event.linkId, candidates);
    case 'notification.created':
      return notificationRecipient(db, event.notificationId, candidates);
    case 'group.requests':
      return groupModerators(db, event.groupId, candidates);
    case 'group_event.updated':
      return membersWhoMaySeeEvent(db, event.eventId, candidates);
    case 'date_poll.updated':
      return membersWhoMaySeeDatePoll(db, event.pollId, candidates);
    case 'message.created':
    case 'message.updated':
    case 'message.deleted':
      return membersWhoMayReadMessage(db, event.messageId, candidates);
    case 'conversation.updated':
      return currentParticipants(db, event.conversationId, candidates);
  }
}

/**
 * Of `candidates`, those who may see the post (nobody if it is gone): its group's members, and no
 * one blocked with its author either way. `exceptAuthor` leaves out its author: for "1 new post"
 * their own timeline refreshes itself, so the offer would be noise. `actorId` names a member who
 * did something on the post (wrote a comment, liked it): no one blocked with them either hears of it.
 */
export async function membersWhoMaySeePost(
  db: DbOrTx,
  postId: string,
  candidates: string[],
  { exceptAuthor = false, actorId }: { exceptAuthor?: boolean; actorId?: string } = {},
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const [post] = await db
    .select({ userId: posts.userId, groupId: posts.groupId })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post) return new Set<string>();
  const roles = new Map<string, GroupRole>();
  if (post.groupId) {
    const rows = await db
      .select({ userId: groupRoles.userId, role: groupRoles.role })
      .from(groupRoles)
      .where(and(eq(groupRoles.groupId, post.groupId), inArray(groupRoles.userId, candidates)));
    for (const row of rows) roles.set(row.userId, row.role);
  }
  const blocks = await blocksWith(db, actorId ? [post.userId, actorId] : [post.userId], candidates);
  return new Set(
    candidates.filter((userId) => {
      if (exceptAuthor && userId === post.userId) return false;
      const viewer = { id: userId, role: roles.get(userId) ?? null, blocks };
      return actorId
        ? canMemberSeeComment(post, { userId: actorId }, viewer)
        : canMemberSeePost(post, viewer);
    }),
  );
}

/** Of `candidates`, those who may see this comment of this post (nobody once it is gone). */
async function membersWhoMaySeeComment(db: DbOrTx, postId: string, commentId: string, candidates: string[]) {
  const [comment] = await db
    .select({ userId: comments.userId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .limit(1);
  if (!comment) return new Set<string>();
  return membersWhoMaySeePost(db, postId, candidates, { actorId: comment.userId });
}

/**
 * Of `candidates`, those who may see the link (nobody if it is gone): followers of its owner for a
 * `public` link; for a `group` link its group's current members whom no block separates from the
 * sharer (ADR 046).
 */
export async function membersWhoMaySeeLink(
  db: DbOrTx,
  linkId: string,
  candidates: string[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const [link] = await db
    .select({ userId: links.userId, visibility: links.visibility, groupId: links.groupId })
    .from(links)
    .where(eq(links.id, linkId))
    .limit(1);
  if (!link) return new Set<string>();
  const followers = new Set<string>();
  if (link.visibility === 'public') {
    const rows = await db
      .select({ userId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followeeId, link.userId), inArray(follows.followerId, candidates)));
    for (const row of rows) followers.add(row.userId);
  }
  const roles = new Map<string, GroupRole>();
  let blocks: { blockerId: string; blockedId: string }[] = [];
  if (link.visibility === 'group' && link.groupId) {
    const rows = await db
      .select({ userId: groupRoles.userId, role: groupRoles.role })
      .from(groupRoles)
      .where(and(eq(groupRoles.groupId, link.groupId), inArray(groupRoles.userId, candidates)));
    for (const row of rows) roles.set(row.userId, row.role);
    blocks = await blocksWith(db, [link.userId], candidates);
  }
  return new Set(
    candidates.filter((userId) =>
      canViewLink(link, userId, {
        followsOwner: followers.has(userId),
        groupRole: roles.get(userId) ?? null,
        blockedWithOwner: isBlockedEitherWay(blocks, userId, link.userId),
      }),
    ),
  );
}

/**
 * A notification's event reaches its recipient only, only while the notification exists, and never
 * when a block stands between the recipient and the member whose action it was (`notify` records
 * none then; this holds for a block made between the recording and the delivery too).
 */
async function notificationRecipient(db: DbOrTx, notificationId: string, candidates: string[]) {
  const [row] = await db
    .select({ recipientId: notifications.recipientId, actorId: notifications.actorId })
    .from(notifications)
    .where(eq(notifications.id, notificationId))
    .limit(1);
  if (!row || !candidates.includes(row.recipientId)) return new Set<string>();
  if (row.actorId) {
    const blocks = await blocksWith(db, [row.actorId], [row.recipientId]);
    if (isBlockedEitherWay(blocks, row.recipientId, row.actorId)) return new Set<string>();
  }
  return new Set([row.recipientId]);
}

/** The blocks, either way, between any of `members` and any of `others`: what the policy needs to judge. */
/**
 * Of `candidates`, those who may see the event (nobody if it is gone, ADR 057): its group's
 * current members, or the organiser's followers for an event without a group, and no one a block
 * separates from the organiser.
 */
export async function membersWhoMaySeeEvent(
  db: DbOrTx,
  eventId: string,
  candidates: string[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const [event] = await db
    .select({ groupId: groupEvents.groupId, organizerId: groupEvents.organizerId })
    .from(groupEvents)
    .where(eq(groupEvents.id, eventId))
    .limit(1);
  return event ? membersWhoMaySeeGathering(db, event, candidates) : new Set<string>();
}

/** Of `candidates`, those who may see the date poll: the rule of events (ADR 057). */
export async function membersWhoMaySeeDatePoll(
  db: DbOrTx,
  pollId: string,
  candidates: string[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const [poll] = await db
    .select({ groupId: datePolls.groupId, organizerId: datePolls.organizerId })
    .from(datePolls)
    .where(eq(datePolls.id, pollId))
    .limit(1);
  return poll ? membersWhoMaySeeGathering(db, poll, candidates) : new Set<string>();
}

/** Of `candidates`, those the event rule (canViewEvent) lets see a gathering of this scope. */
async function membersWhoMaySeeGathering(
  db: DbOrTx,
  scope: EventScope,
  candidates: string[],
): Promise<Set<string>> {
  const roles = new Map<string, GroupRole>();
  const followers = new Set<string>();
  if (scope.groupId) {
    const rows = await db
      .select({ userId: groupRoles.userId, role: groupRoles.role })
      .from(groupRoles)
      .where(and(eq(groupRoles.groupId, scope.groupId), inArray(groupRoles.userId, candidates)));
    for (const row of rows) roles.set(row.userId, row.role);
  } else {
    const rows = await db
      .select({ userId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followeeId, scope.organizerId), inArray(follows.followerId, candidates)));
    for (const row of rows) followers.add(row.userId);
  }
  const blocks = await blocksWith(db, [scope.organizerId], candidates);
  return new Set(
    candidates.filter((userId) =>
      canViewEvent(scope, userId, {
        groupRole: roles.get(userId) ?? null,
        followsOrganizer: followers.has(userId),
        blockedWithOrganizer: isBlockedEitherWay(blocks, userId, scope.organizerId),
      }),
    ),
  );
}

async function blocksWith(db: DbOrTx, members: string[], others: string[]) {
  return db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(inArray(userBlocks.blockerId, members), inArray(userBlocks.blockedId, others)),
        and(inArray(userBlocks.blockedId, members), inArray(userBlocks.blockerId, others)),
      ),
    );
}

/** A group's request news reaches those who answer its requests now (Owners, Moderators). */
async function groupModerators(db: DbOrTx, groupId: string, candidates: string[]) {
  const rows = await db
    .select({ userId: groupRoles.userId, role: groupRoles.role })
    .from(groupRoles)
    .where(and(eq(groupRoles.groupId, groupId), inArray(groupRoles.userId, candidates)));
  return new Set(rows.filter((row) => canAnswerRequests(row.role)).map((row) => row.userId));
}

/** Of `candidates`, the participants who may read the message (nobody once it is gone). */
async function membersWhoMayReadMessage(db: DbOrTx, messageId: string, candidates: string[]) {
  const message = await findMessageFacts(db, messageId);
  if (!message) return new Set<string>();
  const places = await placesOf(db, message.conversationId, candidates);
  const blocks = message.senderId ? await datedBlocksBetween(db, [message.senderId], candidates) : [];
  return new Set(
    places
      .filter((place) => canReadMessage(message, place.userId, place, blocks))
      .map((place) => place.userId),
  );
}

/** Of `candidates`, those still in the conversation (not left, not declined). */
async function currentParticipants(db: DbOrTx, conversationId: string, candidates: string[]) {
  const places = await placesOf(db, conversationId, candidates);
  return new Set(
    places
      .filter((place) => isConversationParticipant(place) && place.leftAt === null)
      .map((place) => place.userId),
  );
}
