import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { follows, userBlocks, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { literalLimit } from '../../db/literal-limit';

/** The blocks between two members, either way (zero, one or two rows). */
export async function findBlocksBetween(db: DbOrTx, a: string, b: string) {
  return db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    );
}

/** Idempotent: the primary key keeps one row however often the member blocks. */
export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  const rows = await db
    .insert(userBlocks)
    .values({ blockerId, blockedId, createdAt: new Date() })
    .onConflictDoNothing()
    .returning({ blockerId: userBlocks.blockerId });
  return rows.length > 0;
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** A block ends following both ways: neither keeps the other in their Friends. */
export async function deleteFollowsBetween(db: DbOrTx, a: string, b: string) {
  await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );
}

/** The members this member blocked, newest block first; keyset on (created_at, blocked_id). */
export async function listBlockedMembers(
  db: DbOrTx,
  filter: { blockerId: string; cursor: Cursor | null; limit: number },
) {
  const conditions: SQL[] = [eq(userBlocks.blockerId, filter.blockerId)];
  if (filter.cursor) {
    conditions.push(
      sql`(${userBlocks.createdAt}, ${userBlocks.blockedId}) < (${filter.cursor.at}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  return db
    .select({
      id: userBlocks.blockedId,
      createdAt: userBlocks.createdAt,
      createdAtExact: sql<string>`to_char(${userBlocks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(and(...conditions))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
    .limit(literalLimit(filter.limit + 1));
}

export type BlockedMemberRow = Awaited<ReturnType<typeof listBlockedMembers>>[number];

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}
