import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { LinkVisibility } from '../../shared/domain/constants';
import { groupEvents, links, messages, posts } from '../db/schema';
import { isMember, type MaybeRole } from './group-roles';

/**
 * Who sees what (ARCHITECTURE.md): the one place that decides whether a member may see a post.
 * A post without a group is visible to every member; a post in a group only to that group's
 * members. A link marked `private` is its owner's alone, `public` reaches the owner's followers,
 * `published` every member (and the public explore pages), and `group` the members of its group. The same rule comes in two forms that must agree: a pure function for a post already
 * loaded, and a SQL condition for queries (timelines, profiles, search), so invisible posts never
 * leave the database.
 */

export interface PostScope {
  groupId: string | null;
}

/** `viewerRole` is the viewer's role in the post's group (null when not a member or no group). */
export function canViewPost(post: PostScope, viewerRole: MaybeRole): boolean {
  return post.groupId === null || isMember(viewerRole);
}

/**
 * Whom an SQL condition asks for: a member's id, or a column holding one (a query that checks many
 * members at once, each row for its own member: Web Push's deliveries of a group post).
 */
export type ViewerId = string | SQL;

/**
 * SQL condition on `posts`: the viewer may see the row. The subquery names `posts.group_id`
 * literally so it can never bind to its own table, wherever Drizzle places the condition.
 */
export function visiblePostsCondition(viewerId: ViewerId): SQL {
  return sql`(${posts.groupId} is null or exists (
    select 1 from group_roles vis_gr
    where vis_gr.group_id = posts.group_id and vis_gr.user_id = ${viewerId}
  ))`;
}

/** SQL condition on `posts`: the viewer has not hidden the row with Ignore (timelines and search). */
export function notIgnoredCondition(viewerId: string): SQL {
  return sql`not exists (
    select 1 from post_ignores ign where ign.post_id = posts.id and ign.user_id = ${viewerId}
  )`;
}

/**
 * Blocks (either way) hide two members from each other: posts, post and link comments, search
 * results and the mentions autocomplete. `blocks` are (blocker, blocked) pairs that concern the viewer.
 */
export function isBlockedEitherWay(
  blocks: readonly { blockerId: string; blockedId: string }[],
  viewerId: string,
  otherId: string,
): boolean {
  if (viewerId === otherId) return false;
  return blocks.some(
    (block) =>
      (block.blockerId === viewerId && block.blockedId === otherId) ||
      (block.blockerId === otherId && block.blockedId === viewerId),
  );
}

/**
 * Whether a member may see another member's post: the group rule of canViewPost, and no block
 * between the viewer and the author, either way. The function form of what the post queries say
 * with visiblePostsCondition and notBlockedCondition together (live events, notifications).
 */
export function canMemberSeePost(
  post: PostScope & { userId: string },
  viewer: { id: string; role: MaybeRole; blocks: readonly { blockerId: string; blockedId: string }[] },
): boolean {
  return canViewPost(post, viewer.role) && !isBlockedEitherWay(viewer.blocks, viewer.id, post.userId);
}

/**
 * A member sees a comment on a post (and hears of it live) when they see the post and no block
 * stands between them and the comment's author, whichever of them blocked. The SQL form is the
 * comment threads' `notBlockedCondition` on the comment's author beside the post's own checks. A
 * like is told the same way, its liker in the author's place.
 */
export function canMemberSeeComment(
  post: PostScope & { userId: string },
  comment: { userId: string },
  viewer: { id: string; role: MaybeRole; blocks: readonly { blockerId: string; blockedId: string }[] },
): boolean {
  return canMemberSeePost(post, viewer) && !isBlockedEitherWay(viewer.blocks, viewer.id, comment.userId);
}

/**
 * SQL condition: the member in `memberColumn` (a post's or comment's author, a member row's id)
 * has not blocked the viewer, nor been blocked by them. The column is qualified with its table so
 * the subquery never binds it to `user_blocks` (pass `sql.raw('posts.user_id')` where Drizzle would
 * leave it bare). Served by the primary key (blocker_id, blocked_id) and user_blocks_blocked_idx.
 */
export function notBlockedCondition(viewerId: ViewerId, memberColumn: AnyColumn | SQL): SQL {
  return sql`not exists (
    select 1 from user_blocks blk
    where (blk.blocker_id = ${viewerId} and blk.blocked_id = ${memberColumn})
       or (blk.blocked_id = ${viewerId} and blk.blocker_id = ${memberColumn})
  )`;
}

export interface LinkScope {
  userId: string;
  visibility: LinkVisibility;
  /** The group a `group` link is shared into; null for every other visibility. */
  groupId: string | null;
}

/** What the link rule needs to know about the viewer, besides who they are. */
export interface LinkViewerFacts {
  /** The viewer follows the link's owner (the Friends page). */
  followsOwner: boolean;
  /** The viewer's role in the link's group (null when not a member, or the link has no group). */
  groupRole: MaybeRole;
  /** A block stands between the viewer and the link's owner, either way. */
  blockedWithOwner: boolean;
}

/**
 * A `group` link (ADR 046) is seen by the current members of its group, its sharer included, and
 * by no one a block separates from the sharer: leaving the group, being removed or blocked ends
 * what the member sees of it. The other visibilities: the owner, followers for `public`, everyone
 * for `published`.
 */
export function canViewLink(link: LinkScope, viewerId: string, viewer: LinkViewerFacts): boolean {
  if (link.visibility === 'group') {
    return link.groupId !== null && isMember(viewer.groupRole) && !viewer.blockedWithOwner;
  }
  if (link.userId === viewerId || link.visibility === 'published') return true;
  return link.visibility === 'public' && viewer.followsOwner;
}

/**
 * SQL condition on `links`: the viewer may see the row (the same rule as canViewLink). Outer columns
 * are named `links.…` literally so a subquery never binds them to its own table.
 */
export function visibleLinksCondition(viewerId: ViewerId): SQL {
  return sql`(case when ${links.visibility} = 'group' then (
    exists (
      select 1 from group_roles vis_lgr
      where vis_lgr.group_id = links.group_id and vis_lgr.user_id = ${viewerId}
    ) and ${notBlockedCondition(viewerId, sql.raw('links.user_id'))}
  ) else (${links.userId} = ${viewerId} or ${links.visibility} = 'published' or (
    ${links.visibility} = 'public' and exists (
      select 1 from follows vis_f
      where vis_f.followee_id = links.user_id and vis_f.follower_id = ${viewerId}
    )
  )) end)`;
}

export interface VisitorLinkScope {
  visibility: LinkVisibility;
  status: 'pending' | 'processing' | 'ready' | 'failed';
}

/**
 * A signed-out visitor (the explore pages) sees a link only when it is published and its reading
 * is done: a link still being read, or whose reading failed, has nothing to show a stranger yet,
 * so it stays out of sight (no title without a summary, no half-checked safety verdict).
 */
export function canVisitorViewLink(link: VisitorLinkScope): boolean {
  return link.visibility === 'published' && link.status === 'ready';
}

/** SQL condition on `links`: a visitor may see the row (the same rule as canVisitorViewLink). */
export function publishedLinksCondition(): SQL {
  return sql`(${links.visibility} = 'published' and ${links.status} = 'ready')`;
}

export interface EventScope {
  /** The group it is in; null for an event among the organiser's followers. */
  groupId: string | null;
  organizerId: string;
}

/** What the event rule needs to know about the viewer, besides who they are. */
export interface EventViewerFacts {
  /** The viewer's role in the event's group (null when not a member, or the event has no group). */
  groupRole: MaybeRole;
  /** The viewer follows the organiser (the Friends page). */
  followsOrganizer: boolean;
  /** A block stands between the viewer and the organiser, either way. */
  blockedWithOrganizer: boolean;
}

/**
 * Gatherings (ADR 057): an event in a group is seen by the group's current members, as its posts
 * are; an event without a group by its organiser and their followers, as a `public` link is. A
 * block between the viewer and the organiser hides it either way. Its answers, its `.ics`, the
 * calendar feeds and its news all follow this rule.
 */
export function canViewEvent(event: EventScope, viewerId: string, viewer: EventViewerFacts): boolean {
  if (event.organizerId === viewerId) return event.groupId === null || isMember(viewer.groupRole);
  if (viewer.blockedWithOrganizer) return false;
  return event.groupId !== null ? isMember(viewer.groupRole) : viewer.followsOrganizer;
}

/**
 * SQL condition on `group_events`: the viewer may see the row (the same rule as canViewEvent).
 * Outer columns are named `group_events.…` literally so a subquery never binds them to its own table.
 */
export function visibleEventsCondition(viewerId: ViewerId): SQL {
  return sql`(case when ${groupEvents.groupId} is not null then exists (
    select 1 from group_roles vis_egr
    where vis_egr.group_id = group_events.group_id and vis_egr.user_id = ${viewerId}
  ) else (${groupEvents.organizerId} = ${viewerId} or exists (
    select 1 from follows vis_ef
    where vis_ef.followee_id = group_events.organizer_id and vis_ef.follower_id = ${viewerId}
  )) end and ${notBlockedCondition(viewerId, sql.raw('group_events.organizer_id'))})`;
}

/**
 * A member's place in a conversation (ADR 060): the window of messages they read, from joining to
 * leaving. A declined request is no place at all: the conversation is gone for them.
 */
export interface ParticipantWindow {
  joinedAt: Date;
  leftAt: Date | null;
  status: 'active' | 'request' | 'declined';
}

/** A block between two members, with when it was made: it hides messages from then on. */
export interface DatedBlock {
  blockerId: string;
  blockedId: string;
  createdAt: Date;
}

/** The conversation exists for the member: they are, or were, a participant and did not decline it. */
export function isConversationParticipant(place: ParticipantWindow | null): place is ParticipantWindow {
  return place !== null && place.status !== 'declined';
}

/**
 * Private conversations (issue 31, ADR 060): a member reads a message when they are a participant
 * and it was sent inside their window (joined at or before it, left, if they left, at or after
 * it), and no block made before it stands between them and its sender, either way (a block hides
 * what is said from then on). Every route, live event, search, file and export of messages asks
 * this, or its SQL form `readableMessagesCondition`.
 */
export function canReadMessage(
  message: { senderId: string | null; createdAt: Date },
  viewerId: string,
  place: ParticipantWindow | null,
  blocks: readonly DatedBlock[],
): boolean {
  if (!isConversationParticipant(place)) return false;
  const at = message.createdAt.getTime();
  if (at < place.joinedAt.getTime()) return false;
  if (place.leftAt !== null && at > place.leftAt.getTime()) return false;
  const senderId = message.senderId;
  if (senderId === null || senderId === viewerId) return true;
  return !blocks.some(
    (block) =>
      block.createdAt.getTime() <= at &&
      ((block.blockerId === viewerId && block.blockedId === senderId) ||
        (block.blockerId === senderId && block.blockedId === viewerId)),
  );
}

/**
 * SQL condition on `messages`: the viewer may read the row (the same rule as canReadMessage).
 * Outer columns are named `messages.…` literally so a subquery never binds them to its own table.
 * Served by the participants' primary key and user_blocks' primary key and blocked index.
 */
export function readableMessagesCondition(viewerId: ViewerId): SQL {
  return sql`(exists (
    select 1 from conversation_participants vis_cp
    where vis_cp.conversation_id = messages.conversation_id and vis_cp.user_id = ${viewerId}
      and vis_cp.status <> 'declined'
      and ${messages.createdAt} >= vis_cp.joined_at
      and (vis_cp.left_at is null or ${messages.createdAt} <= vis_cp.left_at)
  ) and (messages.sender_id is null or messages.sender_id = ${viewerId} or not exists (
    select 1 from user_blocks vis_mb
    where vis_mb.created_at <= messages.created_at
      and ((vis_mb.blocker_id = ${viewerId} and vis_mb.blocked_id = messages.sender_id)
        or (vis_mb.blocked_id = ${viewerId} and vis_mb.blocker_id = messages.sender_id))
  )))`;
}

/**
 * SQL condition on `messages`: the viewer may read the row, it is not deleted, and they hear of it
 * outside its thread (its inbox line, push and mail, ADR 060): they are in the conversation now,
 * accepted it (a request shows under Requests only) and did not mute it. The inbox re-checks every
 * message line with it, so a line whose message was deleted, whose conversation was muted or left,
 * or whose sender was blocked since, goes.
 */
export function toldOfMessagesCondition(viewerId: ViewerId): SQL {
  return sql`(messages.deleted_at is null and ${readableMessagesCondition(viewerId)} and exists (
    select 1 from conversation_participants told_cp
    where told_cp.conversation_id = messages.conversation_id and told_cp.user_id = ${viewerId}
      and told_cp.status = 'active' and told_cp.left_at is null and not told_cp.muted
  ))`;
}

/** What the who-may-write rule needs to know about two members. */
export interface MessagingFacts {
  /** The recipient follows the sender; the sender follows the recipient. */
  recipientFollowsSender: boolean;
  senderFollowsRecipient: boolean;
  /** They are both members of at least one group. */
  shareAGroup: boolean;
  /** A block stands between them, either way. */
  blocked: boolean;
  /** The recipient's choice (Settings → Messages). */
  recipientAllows: 'everyone_connected' | 'following';
}

/**
 * Who may write to whom (issue 31, ADR 060): members who follow each other or share a group; a
 * member who chose "following" hears only from members they follow; a block ends it both ways.
 */
export function canMessageMember(facts: MessagingFacts): boolean {
  if (facts.blocked) return false;
  if (facts.recipientAllows === 'following') return facts.recipientFollowsSender;
  return (facts.recipientFollowsSender && facts.senderFollowsRecipient) || facts.shareAGroup;
}

/**
 * Adding someone to a circle: the adder must follow them or share a group with them, no block
 * between the two, and the added member's own choice holds ("following": they follow the adder).
 */
export function canAddToConversation(facts: MessagingFacts): boolean {
  if (facts.blocked) return false;
  if (facts.recipientAllows === 'following') return facts.recipientFollowsSender;
  return facts.senderFollowsRecipient || facts.shareAGroup;
}
