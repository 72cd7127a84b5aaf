import { and, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { replyAddresses } from '../../db/schema';

export interface ReplyAddressRow {
  code: string;
  userId: string;
  postId: string;
  commentId: string | null;
  expiresAt: Date;
}

/** The member's newest address for the thread that still lives past `livesPast`, if any. */
export async function findReusableAddress(
  db: DbOrTx,
  thread: { userId: string; postId: string; commentId: string | null },
  livesPast: Date,
): Promise<ReplyAddressRow | null> {
  const comment: SQL = thread.commentId
    ? eq(replyAddresses.commentId, thread.commentId)
    : isNull(replyAddresses.commentId);
  const [row] = await db
    .select()
    .from(replyAddresses)
    .where(
      and(
        eq(replyAddresses.userId, thread.userId),
        eq(replyAddresses.postId, thread.postId),
        comment,
        gt(replyAddresses.expiresAt, livesPast),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertReplyAddress(db: DbOrTx, row: ReplyAddressRow): Promise<void> {
  await db.insert(replyAddresses).values(row);
}

/** The member's expired addresses: nothing can use them any more. */
export async function deleteExpiredAddresses(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .delete(replyAddresses)
    .where(and(eq(replyAddresses.userId, userId), lt(replyAddresses.expiresAt, now)));
}

export async function findReplyAddress(db: DbOrTx, code: string): Promise<ReplyAddressRow | null> {
  const [row] = await db.select().from(replyAddresses).where(eq(replyAddresses.code, code)).limit(1);
  return row ?? null;
}
