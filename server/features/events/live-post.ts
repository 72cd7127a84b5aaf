import { sql } from 'drizzle-orm';
import type { LiveCommentEvent } from '../../../shared/api/live-events';
import { type DbOrTx, rowsOf } from '../../db/client';
import { LIVE_EVENTS_CHANNEL, liveMessage, publishLiveEvent } from './live-events';

/**
 * The live events of an open post (ADR 047): a comment came, changed or went, and the post's counts
 * moved. Both go to every member listening, and each process's hub keeps those who may see the post
 * and are not blocked with the member it is about (`membersWhoMaySee`); a screen that does not show
 * the post ignores them. Call these with the transaction that made the change, so an event leaves
 * only with a committed change, after the author's own answer (the hub defers its fan-out).
 */

/** Tells the post's audience that one of its comments was written, rewritten or removed. */
export async function publishCommentEvent(
  tx: DbOrTx,
  type: LiveCommentEvent['type'],
  comment: { id: string; postId: string; parentId: string | null; userId: string },
): Promise<void> {
  await publishLiveEvent(
    tx,
    { allMembers: true },
    { type, postId: comment.postId, commentId: comment.id, parentId: comment.parentId },
    { actorId: comment.userId },
  );
}

/**
 * Tells the post's audience that a reaction on it, or on one of its comments, came or went (ADR 044):
 * a hint, so each open post page loads the reactions as its own viewer sees them. `actorId` is the
 * member who reacted: no one blocked with them hears of it.
 */
export async function publishReactionsChanged(
  tx: DbOrTx,
  subject: { postId: string; commentId: string | null },
  actorId: string,
): Promise<void> {
  await publishLiveEvent(
    tx,
    { allMembers: true },
    { type: 'reactions.changed', postId: subject.postId, commentId: subject.commentId },
    { actorId },
  );
}

/**
 * Reads the post's counters as this transaction left them (the triggers keep them with the like or
 * comment itself) and sends them to its audience; answers them. `actorId` is the member whose like or
 * comment moved them. Counts only: whether a member liked the post is theirs alone and never sent.
 * One statement (issue 26: a like sent a dozen): the message is built here with the counts at zero,
 * and the statement that reads them writes them into it (the hub reads the message by its schema,
 * whatever the order of its keys). No post, no event.
 */
export async function publishPostCounts(tx: DbOrTx, postId: string, actorId: string) {
  const message = liveMessage(
    { allMembers: true },
    { type: 'post.counts', postId, likesCount: 0, commentsCount: 0 },
    actorId,
  );
  const [row] = rowsOf<{ likesCount: number; commentsCount: number }>(
    await tx.execute(sql`
      select likes_count as "likesCount", comments_count as "commentsCount",
        pg_notify(${LIVE_EVENTS_CHANNEL}, jsonb_set(jsonb_set(${JSON.stringify(message)}::jsonb,
          '{event,likesCount}', to_jsonb(likes_count)), '{event,commentsCount}', to_jsonb(comments_count))::text)
      from posts where id = ${postId}`),
  );
  return row
    ? { likesCount: row.likesCount, commentsCount: row.commentsCount }
    : { likesCount: 0, commentsCount: 0 };
}
