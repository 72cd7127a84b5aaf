import { PIN_LIMIT, PIN_MESSAGES } from '../../../shared/domain/pins';
import type { Db, DbOrTx } from '../../db/client';
import { readingGroup } from '../../db/read-cache';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { canPinInGroup } from '../../policies/group-roles';
import { publishLiveEvent } from '../events/live-events';
import { lockGroup } from '../groups/groups.repo';
import { requireMembership } from '../groups/groups.service';
import { loadVisibleStillPost } from '../posts/posts.service';
import { deletePin, insertPin, listPinnedPostIds } from './pins.repo';
import { listStillPostsByIds, type StillPostRow } from '../posts/posts.repo';

/**
 * The actor's standing and the post, read under the group's lock: a member (404 for no such
 * group, 403 for a non-member, as the group's other writes answer) who may pin (403), and a post
 * of this group they may see (404 otherwise, so a hidden post's existence never leaks).
 */
async function requirePinnable(tx: DbOrTx, groupId: string, postId: string, actorId: string) {
  await lockGroup(tx, groupId);
  const role = await requireMembership(tx, groupId, actorId);
  if (!canPinInGroup(role)) throw forbidden();
  const post = await loadVisibleStillPost(tx, postId, actorId);
  if (post.groupId !== groupId) throw notFound();
  return post;
}

/**
 * An Owner or Moderator pins a post of the group to the top of its timeline (ADR 043). The group's
 * row is locked first, so two pins at once read the group's pins one after the other and a group
 * never holds more than PIN_LIMIT. Pinning a pinned post changes nothing (`created` false).
 */
export async function pinPost(db: Db, groupId: string, postId: string, actorId: string) {
  return db.transaction(async (tx) => {
    await requirePinnable(tx, groupId, postId, actorId);
    const pinned = await listPinnedPostIds(tx, groupId);
    if (pinned.includes(postId)) return { created: false };
    if (pinned.length >= PIN_LIMIT) {
      throw new HttpError(422, { error: PIN_MESSAGES.limitReached });
    }
    const created = await insertPin(tx, { groupId, postId, pinnedById: actorId });
    if (created) await publishPinEvent(tx, groupId, postId, true);
    return { created };
  });
}

/** An Owner or Moderator unpins a post of the group; unpinning a post not pinned changes nothing. */
export async function unpinPost(db: Db, groupId: string, postId: string, actorId: string) {
  await db.transaction(async (tx) => {
    await requirePinnable(tx, groupId, postId, actorId);
    if (await deletePin(tx, groupId, postId)) await publishPinEvent(tx, groupId, postId, false);
  });
}

/**
 * Tells the group's members who may see the post that it was pinned or unpinned, with the change
 * (an open group page loads its pins again, ADR 043); sent only when something changed, and only
 * if the transaction commits.
 */
async function publishPinEvent(tx: DbOrTx, groupId: string, postId: string, pinned: boolean) {
  await publishLiveEvent(tx, { allMembers: true }, { type: 'group.pins', groupId, postId, pinned });
}

/**
 * The group's pinned posts this viewer may see, newest pin first: the one visibility rule, blocks
 * and the viewer's Ignore included, is applied again to each (a pin never shows a hidden post).
 * Who may ask (a member) is the route's to check first. It reads the group's pins and posts only:
 * a kept answer of it is kept through posts and pins elsewhere (ADR 056).
 */
export async function listVisiblePins(
  db: DbOrTx,
  groupId: string,
  viewerId: string,
): Promise<StillPostRow[]> {
  return readingGroup(groupId, async () =>
    listStillPostsByIds(db, viewerId, await listPinnedPostIds(db, groupId)),
  );
}
