import { and, eq, inArray } from 'drizzle-orm';
import type { GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { follows, groupRoles, links, notifications, posts } from '../../db/schema';
import { canAnswerRequests } from '../../policies/group-roles';
import { canViewLink, canViewPost } from '../../policies/visibility';
import type { LiveEvent } from './live-events';

/**
 * Of the members listening, those who may see what the event is about, decided by the one policy
 * module (the same rules as the timelines). An event about something deleted since, or that a
 * member may not see, reaches no one. One or two queries per event, whatever the number of streams.
 */
export async function membersWhoMaySee(
  db: DbOrTx,
  event: LiveEvent,
  candidates: string[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  switch (event.type) {
    case 'post.created':
      return membersWhoMaySeePost(db, event.postId, candidates, { exceptAuthor: true });
    case 'link.updated':
      return membersWhoMaySeeLink(db, event.linkId, candidates);
    case 'notification.created':
      return notificationRecipient(db, event.notificationId, candidates);
    case 'group.requests':
      return groupModerators(db, event.groupId, candidates);
  }
}

/**
 * Of `candidates`, those who may see the post (nobody if it is gone). `exceptAuthor` leaves out its
 * author: for "1 new post" their own timeline refreshes itself, so the offer would be noise.
 */
export async function membersWhoMaySeePost(
  db: DbOrTx,
  postId: string,
  candidates: string[],
  { exceptAuthor = false } = {},
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
  return new Set(
    candidates.filter(
      (userId) => !(exceptAuthor && userId === post.userId) && canViewPost(post, roles.get(userId) ?? null),
    ),
  );
}

/** Of `candidates`, those who may see the link (nobody if it is gone). */
export async function membersWhoMaySeeLink(
  db: DbOrTx,
  linkId: string,
  candidates: string[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const [link] = await db
    .select({ userId: links.userId, visibility: links.visibility })
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
  return new Set(candidates.filter((userId) => canViewLink(link, userId, followers.has(userId))));
}

/** A notification's event reaches its recipient only, and only while the notification exists. */
async function notificationRecipient(db: DbOrTx, notificationId: string, candidates: string[]) {
  const [row] = await db
    .select({ recipientId: notifications.recipientId })
    .from(notifications)
    .where(eq(notifications.id, notificationId))
    .limit(1);
  return new Set(row && candidates.includes(row.recipientId) ? [row.recipientId] : []);
}

/** A group's request news reaches those who answer its requests now (Owners, Moderators). */
async function groupModerators(db: DbOrTx, groupId: string, candidates: string[]) {
  const rows = await db
    .select({ userId: groupRoles.userId, role: groupRoles.role })
    .from(groupRoles)
    .where(and(eq(groupRoles.groupId, groupId), inArray(groupRoles.userId, candidates)));
  return new Set(rows.filter((row) => canAnswerRequests(row.role)).map((row) => row.userId));
}
