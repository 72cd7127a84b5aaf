import type { DbOrTx } from '../../db/client';
import { forbidden, invalidField, notFound } from '../../http/errors';
import type { Cursor } from '../../http/pagination';
import { publishCommentEvent, publishPostCounts } from '../events/live-post';
import { resolveMentions, newlyMentionedMembers } from '../mentions/mentions.service';
import { notify } from '../notifications/notify';
import type { PostScopeRow } from '../posts/posts.repo';
import { loadVisiblePostScope } from '../posts/posts.service';
import { commentNotificationDrafts } from './comment-notifications';
import { canComment, canDeleteComment, canEditComment } from './comments.policy';
import type { CommentView } from './comments.presenter';
import {
  deleteComment,
  findComment,
  insertComment,
  listFirstReplies,
  listReplies,
  listTopLevelComments,
  updateCommentContent,
  type CommentRow,
} from './comments.repo';

/** How a comment's rows are shown to this viewer: the post's rules and the members mentioned. */
async function commentView(
  db: DbOrTx,
  post: PostScopeRow,
  viewerId: string,
  rows: CommentRow[],
): Promise<CommentView> {
  return {
    viewerId,
    post,
    role: post.viewerRole,
    mentions: await resolveMentions(
      db,
      viewerId,
      rows.map((row) => row.content),
    ),
    now: new Date(),
  };
}

/**
 * A page of a post's top-level comments (`limit + 1` rows, for the pager) with the first replies of
 * each, grouped by parent, and the view to present them with.
 */
export async function loadCommentPage(
  db: DbOrTx,
  post: PostScopeRow,
  viewerId: string,
  page: { cursor: Cursor | null; limit: number },
) {
  const rows = await listTopLevelComments(db, { postId: post.id, viewerId, ...page });
  const shown = rows.slice(0, page.limit);
  // Each row counts its replies: a page without any sends no statement for them (issue 26).
  const replies = await listFirstReplies(
    db,
    shown.filter((row) => row.repliesCount > 0).map((row) => row.id),
    viewerId,
  );
  const repliesOf = new Map<string, CommentRow[]>();
  for (const reply of replies)
    repliesOf.set(reply.parentId!, [...(repliesOf.get(reply.parentId!) ?? []), reply]);
  return { rows, repliesOf, view: await commentView(db, post, viewerId, [...shown, ...replies]) };
}

/** A visible comment and its post; 404 when either is gone or unseen. */
export async function loadVisibleComment(db: DbOrTx, commentId: string, viewerId: string) {
  const comment = await findComment(db, commentId, viewerId);
  if (!comment) throw notFound();
  // A comment on a post the member may not see does not exist for them.
  const post = await loadVisiblePostScope(db, comment.postId, viewerId);
  return { comment, post };
}

/** A page of one comment's replies (`limit + 1` rows) and the view to present them with. */
export async function loadReplyPage(
  db: DbOrTx,
  commentId: string,
  viewerId: string,
  page: { cursor: Cursor | null; limit: number },
) {
  const { comment, post } = await loadVisibleComment(db, commentId, viewerId);
  const rows = await listReplies(db, { parentId: comment.id, viewerId, ...page });
  return { rows, view: await commentView(db, post, viewerId, rows.slice(0, page.limit)) };
}

/**
 * Writes a comment or a reply and, in the same transaction, tells the post's author, the authors
 * answered and the members newly mentioned (one notification each), and the post's open pages and
 * cards (the comment and the new counts, live). A reply to a reply joins the top-level comment (one
 * level of threading); a parent on another post is a 422.
 */
export async function createComment(
  db: DbOrTx,
  post: PostScopeRow,
  authorId: string,
  input: { content: string; parentId: string | null },
) {
  if (!canComment(post, post.viewerRole)) throw forbidden();
  return db.transaction(async (tx) => {
    const answered: CommentRow[] = [];
    if (input.parentId) {
      const parent = await findComment(tx, input.parentId, authorId);
      if (!parent || parent.postId !== post.id)
        throw invalidField('parent_id', 'is not a comment on this post');
      answered.push(parent);
      if (parent.parentId) {
        const top = await findComment(tx, parent.parentId, authorId);
        if (top) answered.push(top);
      }
    }
    const topLevel = answered.at(-1) ?? null;
    const values = {
      postId: post.id,
      userId: authorId,
      content: input.content,
      parentId: topLevel?.id ?? null,
    };
    const { id } = await insertComment(tx, values);
    await publishCommentEvent(tx, 'comment.created', { id, ...values });
    await publishPostCounts(tx, post.id, authorId);
    await notify(
      tx,
      commentNotificationDrafts({
        actorId: authorId,
        subject: { postId: post.id, commentId: id },
        ownerId: post.userId,
        answeredAuthorIds: answered.map((comment) => comment.userId),
        mentionedIds: await newlyMentionedMembers(tx, input.content),
      }),
    );
    const row = (await findComment(tx, id, authorId))!;
    return { row, view: await commentView(tx, post, authorId, [row]) };
  });
}

/** The author rewrites a comment; only members it newly mentions are told, and open pages show it. */
export async function editComment(db: DbOrTx, commentId: string, viewerId: string, content: string) {
  const { comment, post } = await loadVisibleComment(db, commentId, viewerId);
  if (!canEditComment(viewerId, comment)) throw forbidden();
  return db.transaction(async (tx) => {
    await updateCommentContent(tx, comment.id, content);
    await publishCommentEvent(tx, 'comment.updated', comment);
    await notify(
      tx,
      commentNotificationDrafts({
        actorId: viewerId,
        subject: { postId: post.id, commentId: comment.id },
        ownerId: null,
        answeredAuthorIds: [],
        mentionedIds: await newlyMentionedMembers(tx, content, comment.content),
      }),
    );
    const row = (await findComment(tx, comment.id, viewerId))!;
    return { row, view: await commentView(tx, post, viewerId, [row]) };
  });
}

/**
 * Removes a comment, and its replies with it, for whoever may (its author, the post's author, the
 * group's Owner or Moderator; others 403, 404 if unseen). In the same transaction the post's open
 * pages hear that it went and get the new counts.
 */
export async function removeComment(db: DbOrTx, commentId: string, viewerId: string) {
  const { comment, post } = await loadVisibleComment(db, commentId, viewerId);
  if (!canDeleteComment(viewerId, comment, post, post.viewerRole)) throw forbidden();
  await db.transaction(async (tx) => {
    await deleteComment(tx, comment.id);
    await publishCommentEvent(tx, 'comment.deleted', comment);
    await publishPostCounts(tx, post.id, comment.userId);
  });
  return comment;
}

/** One comment as the viewer sees it, without its replies (an open page loads a live one so). */
export async function loadOneComment(db: DbOrTx, commentId: string, viewerId: string) {
  const { comment, post } = await loadVisibleComment(db, commentId, viewerId);
  return { row: comment, view: await commentView(db, post, viewerId, [comment]) };
}
