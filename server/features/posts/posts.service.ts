import type { CreatePostBody, UpdatePostBody } from '../../../shared/api/posts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { canViewPost } from '../../policies/visibility';
import { publishLiveEvent } from '../events/live-events';
import { enqueueGroupPostNotifications } from '../group-notifications/group-notifications.job';
import { findGroupWithRole } from '../groups/memberships';
import { newlyMentionedMembers } from '../mentions/mentions.service';
import { notify } from '../notifications/notify';
import { enqueueSearchIndex } from '../search/search.job';
import { canCreatePostIn, canDeletePost, canEditPost } from './posts.policy';
import {
  deletePost,
  findAttachableFile,
  findPostForViewer,
  insertPost,
  updatePostText,
  type PostRow,
  type StillPostRow,
  findStillPostForViewer,
} from './posts.repo';

type PostContext = Pick<AppContext, 'db' | 'config' | 'database' | 'logger' | 'jobs'>;

/**
 * Tells the members a post's content newly mentions (all of them on create, only the added ones on
 * edit). `notify` drops whoever may not see the post, so a mention in a group reaches members only.
 */
async function notifyPostMentions(
  tx: DbOrTx,
  post: { id: string; authorId: string },
  content: string,
  previous = '',
) {
  const mentioned = await newlyMentionedMembers(tx, content, previous);
  await notify(
    tx,
    mentioned.map((recipientId) => ({
      recipientId,
      actorId: post.authorId,
      kind: 'mention' as const,
      postId: post.id,
    })),
  );
}

/**
 * The post, if the viewer may see it (and no block stands between viewer and author); otherwise
 * 404, so a hidden post's existence never leaks.
 */
export async function loadVisiblePost(db: DbOrTx, postId: string, viewerId: string): Promise<PostRow> {
  return visibleOrNotFound(await findPostForViewer(db, postId, viewerId));
}

/** `loadVisiblePost` without the counts and the viewer's like (for answers kept through likes). */
export async function loadVisibleStillPost(
  db: DbOrTx,
  postId: string,
  viewerId: string,
): Promise<StillPostRow> {
  return visibleOrNotFound(await findStillPostForViewer(db, postId, viewerId));
}

function visibleOrNotFound<Row extends StillPostRow>(row: Row | null): Row {
  if (!row || !canViewPost(row, row.viewerRole) || row.blockedWithViewer) throw notFound();
  return row;
}

/**
 * Creates a post and, in the same transaction, queues its search indexing (its meaning and its
 * attachment's name) and, in a group, the news of it to the group's members, so a post never
 * exists without its jobs. Mentions are told at once.
 */
export async function createPost(
  context: PostContext,
  authorId: string,
  input: CreatePostBody['post'],
): Promise<PostRow> {
  const { db } = context;
  const groupId = input.group_id ?? null;
  if (groupId) {
    const group = await findGroupWithRole(db, groupId, authorId);
    if (!group) throw invalidField('group_id', 'is not a group');
    if (!canCreatePostIn(groupId, group.role))
      throw forbidden("You don't have permission to post in this group.");
  }
  let fileId: string | null = null;
  if (input.file_request_id) {
    const file = await findAttachableFile(db, input.file_request_id, authorId);
    if (!file) throw invalidField('file_request_id', 'is not an uploaded attachment of yours');
    fileId = file.id;
  }
  // The event commits with the post: members' timelines offer "N new posts" only for a post that exists.
  const { id } = await db.transaction(async (tx) => {
    const row = await insertPost(tx, {
      userId: authorId,
      groupId,
      tldr: input.tldr,
      content: input.content,
      fileId,
    });
    await publishLiveEvent(tx, { allMembers: true }, { type: 'post.created', postId: row.id, groupId });
    await enqueueSearchIndex(context, { kind: 'post', id: row.id }, tx);
    await notifyPostMentions(tx, { id: row.id, authorId }, input.content);
    // The group's members are told by a job, so a big group never holds up the author's answer (ADR 045).
    if (groupId) await enqueueGroupPostNotifications(context, row.id, tx);
    return row;
  });
  return (await findPostForViewer(db, id, authorId))!;
}

/**
 * The author rewrites a post's title and content (group and attachment stay). In the same
 * transaction the post is queued for indexing again, so search finds the new words, and members it
 * newly mentions are told. A published post's public page reads the post, so it shows the new text.
 */
export async function editPost(
  context: PostContext,
  postId: string,
  viewerId: string,
  input: UpdatePostBody['post'],
): Promise<PostRow> {
  const { db } = context;
  const post = await loadVisiblePost(db, postId, viewerId);
  if (!canEditPost(viewerId, post)) throw forbidden();
  await db.transaction(async (tx) => {
    await updatePostText(tx, post.id, { tldr: input.tldr, content: input.content });
    await enqueueSearchIndex(context, { kind: 'post', id: post.id }, tx);
    await notifyPostMentions(tx, { id: post.id, authorId: viewerId }, input.content, post.content);
  });
  return (await findPostForViewer(db, post.id, viewerId))!;
}

/** The author, or the group's Owner/Moderator, may remove a post; others get 403 (404 if unseen). */
export async function removePost(db: DbOrTx, postId: string, viewerId: string) {
  const post = await loadVisiblePost(db, postId, viewerId);
  if (!canDeletePost(viewerId, post, post.viewerRole)) throw forbidden();
  await deletePost(db, postId);
}
