import type { CreatePostBody, UpdatePostBody } from '../../../shared/api/posts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { canViewPost } from '../../policies/visibility';
import { publishLiveEvent } from '../events/live-events';
import { enqueueGroupPostNotifications } from '../group-notifications/group-notifications.job';
import { checkPhotosOfEvent } from '../gatherings/gatherings.photos';
import { findGroupWithRole } from '../groups/memberships';
import { newlyMentionedMembers } from '../mentions/mentions.service';
import { notify } from '../notifications/notify';
import { enqueueSearchIndex } from '../search/search.job';
import { createPoll } from '../polls/new-poll';
import { presentPoll } from '../polls/polls.presenter';
import { pollsOfPosts } from '../polls/polls.repo';
import { resolveMentions } from '../mentions/mentions.service';
import { presentPost } from './posts.presenter';
import { canCreatePostIn, canDeletePost, canEditPost } from './posts.policy';
import {
  deletePost,
  findAttachableFiles,
  findPostForViewer,
  insertPost,
  insertPostFiles,
  updatePostFileAlt,
  updatePostText,
  type PostRow,
  type StillPostRow,
  findStillPostForViewer,
  findPostScopeForViewer,
  type PostScopeRow,
} from './posts.repo';

export type PostContext = Pick<AppContext, 'db' | 'config' | 'database' | 'logger' | 'jobs'>;

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

/** `loadVisiblePost` without the counts, the viewer's like and the pin (for answers kept through likes and pins). */
export async function loadVisibleStillPost(
  db: DbOrTx,
  postId: string,
  viewerId: string,
): Promise<StillPostRow> {
  return visibleOrNotFound(await findStillPostForViewer(db, postId, viewerId));
}

/**
 * `loadVisiblePost` reading only what the visibility rule and the acts on a post need (its author,
 * group and the viewer's role): for likes, reactions, comments and votes, which answer no post.
 */
export async function loadVisiblePostScope(
  db: DbOrTx,
  postId: string,
  viewerId: string,
): Promise<PostScopeRow> {
  return visibleOrNotFound(await findPostScopeForViewer(db, postId, viewerId));
}

function visibleOrNotFound<Row extends PostScopeRow>(row: Row | null): Row {
  if (!row || !canViewPost(row, row.viewerRole) || row.blockedWithViewer) throw notFound();
  return row;
}

/**
 * The files a new post carries, checked: `file_request_ids` in its order, or the one
 * `file_request_id`. Each must be the author's own, uploaded (so its bytes passed the checks), a
 * post attachment, and on no other post; one that is not refuses the whole post (ADR 048).
 */
async function attachableFiles(db: DbOrTx, authorId: string, input: CreatePostBody['post']) {
  const field = input.file_request_ids ? 'file_request_ids' : 'file_request_id';
  const ids = input.file_request_ids ?? (input.file_request_id ? [input.file_request_id] : []);
  const found = new Set((await findAttachableFiles(db, ids, authorId)).map((row) => row.id));
  const refused = ids.filter((id) => !found.has(id)).length;
  if (refused > 0) {
    throw invalidField(
      field,
      field === 'file_request_id'
        ? 'is not an uploaded attachment of yours'
        : `${refused} of these ${refused === 1 ? 'is' : 'are'} not an uploaded attachment of yours that no other post holds`,
    );
  }
  return ids.map((fileId) => ({ fileId, alt: input.file_alts?.[fileId]?.trim() ?? '' }));
}

/**
 * What follows a new post, in the transaction that writes it (a post, or an event's card, ADR 057):
 * its live event (members' timelines offer "N new posts" only for a post that exists), its search
 * indexing, the members it mentions, and in a group the news of it to the group's members.
 */
export async function announceNewPost(
  context: PostContext,
  tx: DbOrTx,
  post: { id: string; authorId: string; groupId: string | null; content: string },
) {
  await publishLiveEvent(
    tx,
    { allMembers: true },
    { type: 'post.created', postId: post.id, groupId: post.groupId },
  );
  await enqueueSearchIndex(context, { kind: 'post', id: post.id }, tx);
  await notifyPostMentions(tx, { id: post.id, authorId: post.authorId }, post.content);
  // The group's members are told by a job, so a big group never holds up the author's answer (ADR 045).
  if (post.groupId) await enqueueGroupPostNotifications(context, post.id, tx);
}

/**
 * Creates a post with its files and, in the same transaction, queues its search indexing (its
 * meaning, its files' names and descriptions) and, in a group, the news of it to the group's members,
 * so a post never exists without its jobs, and never with only some of its files: they are all
 * attached or none; a poll it carries is written with it (ADR 058). Mentions are told at once.
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
  const photosOfEventId = input.photos_of_event_id ?? null;
  if (photosOfEventId) await checkPhotosOfEvent(db, photosOfEventId, authorId, groupId);
  const attached = await attachableFiles(db, authorId, input);
  const { id } = await db
    .transaction(async (tx) => {
      const row = await insertPost(tx, {
        userId: authorId,
        groupId,
        tldr: input.tldr,
        content: input.content,
        fileId: attached[0]?.fileId ?? null,
        photosOfEventId,
      });
      await insertPostFiles(tx, row.id, attached);
      if (input.poll) await createPoll(tx, row.id, input.poll);
      await announceNewPost(context, tx, { id: row.id, authorId, groupId, content: input.content });
      return row;
    })
    .catch((error: unknown) => {
      // Another post took one of the files between the check and the commit.
      if (uniqueViolation(error) === 'post_files_file_idx') {
        throw invalidField(
          input.file_request_ids ? 'file_request_ids' : 'file_request_id',
          'names a file another post already holds',
        );
      }
      throw error;
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

/**
 * The author describes one photo of their post (its alt text), later than posting. In the same
 * transaction the post is queued for indexing again, so search finds it by the new words. Someone
 * who may see the post but did not write it gets 403; a file the post does not hold is a 404.
 */
export async function describePostFile(
  context: PostContext,
  postId: string,
  fileId: string,
  viewerId: string,
  alt: string,
): Promise<PostRow> {
  const { db } = context;
  const post = await loadVisiblePost(db, postId, viewerId);
  if (!canEditPost(viewerId, post)) throw forbidden();
  await db.transaction(async (tx) => {
    if (!(await updatePostFileAlt(tx, post.id, fileId, alt))) throw notFound();
    await enqueueSearchIndex(context, { kind: 'post', id: post.id }, tx);
  });
  return (await findPostForViewer(db, post.id, viewerId))!;
}

/**
 * A post just written or read as a row (its counts included) as the API shows it, with its poll as
 * the viewer sees it (ADR 058), which the row does not hold: read as the counts are for a list.
 */
export async function presentFreshPost(
  context: Pick<PostContext, 'db' | 'config'>,
  post: PostRow,
  viewerId: string,
) {
  const { db } = context;
  const mentions = await resolveMentions(db, viewerId, [post.content]);
  const presented = presentPost(post, viewerId, context.config.publicOrigin, mentions);
  const polls = await pollsOfPosts(db, viewerId, [post.id]);
  const poll = polls.get(post.id);
  return { ...presented, poll: poll ? presentPoll(poll) : null };
}
