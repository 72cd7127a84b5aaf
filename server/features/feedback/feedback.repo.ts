import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feedbacks, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { literalLimit } from '../../db/literal-limit';

export async function insertFeedback(db: DbOrTx, values: { userId: string; content: string }) {
  const [row] = await db.insert(feedbacks).values(values).returning();
  return row!;
}

/** Feedback for admins, newest first; keyset on (created_at, id). */
export async function listFeedbacks(db: DbOrTx, filter: { cursor: Cursor | null; limit: number }) {
  const conditions: SQL[] = [];
  if (filter.cursor) {
    conditions.push(
      sql`(${feedbacks.createdAt}, ${feedbacks.id}) < (${filter.cursor.at}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  return db
    .select({
      id: feedbacks.id,
      content: feedbacks.content,
      createdAt: feedbacks.createdAt,
      createdAtExact: sql<string>`to_char(${feedbacks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      userId: feedbacks.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(feedbacks)
    .leftJoin(users, eq(users.id, feedbacks.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
    .limit(literalLimit(filter.limit + 1));
}

export type AdminFeedbackRow = Awaited<ReturnType<typeof listFeedbacks>>[number];
