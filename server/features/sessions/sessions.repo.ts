import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { noReadCache, type ReadCache } from '../../db/read-cache';
import { sessionCutoffs, sessionIsLive } from './session-lifetime';

export type SessionUser = typeof users.$inferSelect;

export async function insertSession(
  db: DbOrTx,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt?: Date;
    lastSeenAt?: Date;
    userAgent?: string;
    ip?: string;
  },
) {
  await db.insert(sessions).values(values);
}

/**
 * The live session with this token hash, with its user: not expired, not idle too long, not too old.
 * The row comes from `cache` while nothing was written since it was read (every request of a
 * signed-in member looks it up); whether it is live is decided at `now`, every time.
 */
export async function findLiveSession(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
  cache: ReadCache = noReadCache,
) {
  const row = await cache.read(`session:${tokenHash}`, async () => {
    const [found] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return found;
  });
  return row && sessionIsLive(row.session, now) ? row : undefined;
}

export async function extendSession(db: DbOrTx, sessionId: string, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
}

/** Records a request of the session: when, and from which address (for the member's session list). */
export async function markSessionSeen(db: DbOrTx, sessionId: string, now: Date, ip: string) {
  await db.update(sessions).set({ lastSeenAt: now, ip }).where(eq(sessions.id, sessionId));
}

/** The member's live sessions, most recently seen first. */
export async function listLiveSessions(db: DbOrTx, userId: string, now: Date) {
  const { createdAfter, usedAfter } = sessionCutoffs(now);
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, createdAfter),
        gt(sessions.lastUsedAt, usedAfter),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one of the member's sessions; false when no session of theirs has this id. */
export async function endSessionOf(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export async function deleteSessionByHash(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Ends every session of a member, everywhere, or every one but `exceptId` (the device changing the
 * password): the one function password reset, password change, e-mail change or an account lock
 * calls, so no path forgets a device.
 */
export async function endAllSessions(db: DbOrTx, userId: string, exceptId?: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now.toISOString()}`);
}
