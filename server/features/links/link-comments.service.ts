import type { DbOrTx } from '../../db/client';
import { forbidden, invalidField, notFound } from '../../http/errors';
import type { Cursor } from '../../http/pagination';
import { commentNotificationDrafts } from '../comments/comment-notifications';
import { newlyMentionedMembers, resolveMentions } from '../mentions/mentions.service';
import { notify } from '../notifications/notify';
import type { LinkCommentView } from './link-comments.presenter';
import {
  findLinkComment,
  insertLinkComment,
  listFirstLinkReplies,
  listLinkReplies,
  listTopLevelLinkComments,
  updateLinkCommentContent,
  type LinkCommentRow,
} from './link-comments.repo';
import { canEditLinkComment } from './links.policy';
import type { LinkRow } from './links.repo';
import { loadVisibleLink } from './links.service';

async function linkCommentView(
  db: DbOrTx,
  link: LinkRow,
  viewerId: string,
  rows: LinkCommentRow[],
): Promise<LinkCommentView> {
  return {
    viewerId,
    link,
    mentions: await resolveMentions(
      db,
      viewerId,
      rows.map((row) => row.content),
    ),
    now: new Date(),
  };
}

/** A page of top-level comments (`limit + 1` rows) with the first replies of each. */
export async function loadLinkCommentPage(
  db: DbOrTx,
  link: LinkRow,
  viewerId: string,
  page: { cursor: Cursor | null; limit: number },
) {
  const rows = await listTopLevelLinkComments(db, { linkId: link.id, viewerId, ...page });
  const shown = rows.slice(0, page.limit);
  const replies = await listFirstLinkReplies(
    db,
    shown.map((row) => row.id),
    viewerId,
  );
  const repliesOf = new Map<string, LinkCommentRow[]>();
  for (const reply of replies)
    repliesOf.set(reply.parentId!, [...(repliesOf.get(reply.parentId!) ?? []), reply]);
  return { rows, repliesOf, view: await linkCommentView(db, link, viewerId, [...shown, ...replies]) };
}

/** The comment, if it belongs to this link and the viewer may see the link; otherwise 404. */
export async function loadVisibleLinkComment(
  db: DbOrTx,
  params: { id: string; commentId: string },
  viewerId: string,
) {
  const link = await loadVisibleLink(db, params.id, viewerId);
  const comment = await findLinkComment(db, link.id, params.commentId, viewerId);
  if (!comment) throw notFound();
  return { link, comment };
}

/** A page of one comment's replies (`limit + 1` rows). */
export async function loadLinkReplyPage(
  db: DbOrTx,
  params: { id: string; commentId: string },
  viewerId: string,
  page: { cursor: Cursor | null; limit: number },
) {
  const { link, comment } = await loadVisibleLinkComment(db, params, viewerId);
  const rows = await listLinkReplies(db, { parentId: comment.id, viewerId, ...page });
  return { rows, view: await linkCommentView(db, link, viewerId, rows.slice(0, page.limit)) };
}

/**
 * Writes a comment or reply on a link and tells, in the same transaction, the link's owner, the
 * authors answered and the members newly mentioned (one notification each, `linkId` set so only
 * members who may see the link hear of it).
 */
export async function createLinkComment(
  db: DbOrTx,
  link: LinkRow,
  authorId: string,
  input: { content: string; parentId: string | null },
) {
  return db.transaction(async (tx) => {
    const answered: LinkCommentRow[] = [];
    if (input.parentId) {
      const parent = await findLinkComment(tx, link.id, input.parentId, authorId);
      if (!parent) throw invalidField('parent_id', 'is not a comment on this link');
      answered.push(parent);
      if (parent.parentId) {
        const top = await findLinkComment(tx, link.id, parent.parentId, authorId);
        if (top) answered.push(top);
      }
    }
    const { id } = await insertLinkComment(tx, {
      linkId: link.id,
      userId: authorId,
      content: input.content,
      parentId: answered.at(-1)?.id ?? null,
    });
    await notify(
      tx,
      commentNotificationDrafts({
        actorId: authorId,
        subject: { linkId: link.id, linkCommentId: id },
        ownerId: link.userId,
        answeredAuthorIds: answered.map((comment) => comment.userId),
        mentionedIds: await newlyMentionedMembers(tx, input.content),
      }),
    );
    const row = (await findLinkComment(tx, link.id, id, authorId))!;
    return { row, view: await linkCommentView(tx, link, authorId, [row]) };
  });
}

/** Its author rewrites a link comment; only members it newly mentions are told. */
export async function editLinkComment(
  db: DbOrTx,
  params: { id: string; commentId: string },
  viewerId: string,
  content: string,
) {
  const { link, comment } = await loadVisibleLinkComment(db, params, viewerId);
  if (!canEditLinkComment(viewerId, comment)) throw forbidden();
  return db.transaction(async (tx) => {
    await updateLinkCommentContent(tx, comment.id, content);
    await notify(
      tx,
      commentNotificationDrafts({
        actorId: viewerId,
        subject: { linkId: link.id, linkCommentId: comment.id },
        ownerId: null,
        answeredAuthorIds: [],
        mentionedIds: await newlyMentionedMembers(tx, content, comment.content),
      }),
    );
    const row = (await findLinkComment(tx, link.id, comment.id, viewerId))!;
    return { row, view: await linkCommentView(tx, link, viewerId, [row]) };
  });
}
