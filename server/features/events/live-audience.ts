import { and, eq, inArray } from 'drizzle-orm';
import type { GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { follows, groupRoles, links, posts } from '../../db/schema';
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
      return postAudience(db, event.postId, candidates);
    case 'link.updated':
      return linkAudience(db, event.linkId, candidates);
  }
}

async function postAudience(db: DbOrTx, postId: string, candidates: string[]) {
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
  // The author wrote it: their own timeline refreshes itself, "1 new post" would be noise.
  return new Set(
    candidates.filter((userId) => userId !== post.userId && canViewPost(post, roles.get(userId) ?? null)),
  );
}

async function linkAudience(db: DbOrTx, linkId: string, candidates: string[]) {
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
