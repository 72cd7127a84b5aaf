import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailChanges, pendingSignIns, recoveryCodes, totpCredentials, users } from '../../db/schema';

/** SQL only: the rows behind account security (email changes, TOTP, recovery codes, pending sign-ins). */

export type EmailChangeRow = typeof emailChanges.$inferSelect;
export type TotpRow = typeof totpCredentials.$inferSelect;

export async function findEmailChange(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
    .limit(1);
  return row;
}

/** Starts (or replaces) the member's pending change: the previous link stops working. */
export async function replaceEmailChange(
  db: DbOrTx,
  values: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .insert(emailChanges)
    .values(values)
    .onConflictDoUpdate({
      target: emailChanges.userId,
      set: {
        newEmail: values.newEmail,
        tokenHash: values.tokenHash,
        expiresAt: values.expiresAt,
        createdAt: sql`now()`,
      },
    });
}

export async function deleteEmailChange(db: DbOrTx, userId: string) {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/** Spends a live change token of this member: it works once, whatever happens next. */
export async function takeEmailChange(db: DbOrTx, userId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        eq(emailChanges.tokenHash, tokenHash),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Moves the account to its confirmed address; a reset token mailed to the old one dies with it. */
export async function setEmail(db: DbOrTx, userId: string, email: string) {
  await db
    .update(users)
    .set({ email, resetTokenHash: null, resetSentAt: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findTotp(db: DbOrTx, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).limit(1);
  return row;
}

/** A new secret awaiting its first code; replaces an unconfirmed one (never an enabled one). */
export async function upsertPendingTotp(db: DbOrTx, userId: string, secretEncrypted: string) {
  const rows = await db
    .insert(totpCredentials)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(totpCredentials.enabledAt),
    })
    .returning({ userId: totpCredentials.userId });
  return rows.length > 0;
}

/**
 * Takes the code of time step `step`: true only if no code of this step or a later one was taken
 * before, so a code seen over someone's shoulder cannot be replayed in its 30 seconds.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return rows.length > 0;
}

export async function enableTotp(db: DbOrTx, userId: string, now: Date) {
  await db.update(totpCredentials).set({ enabledAt: now }).where(eq(totpCredentials.userId, userId));
}

export async function deleteTotp(db: DbOrTx, userId: string) {
  await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends one unused recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.count ?? 0);
}

export async function insertPendingSignIn(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(pendingSignIns).values(values);
}

/** The live pending sign-in with this token, with its member. */
export async function findPendingSignIn(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ pending: pendingSignIns, user: users })
    .from(pendingSignIns)
    .innerJoin(users, eq(users.id, pendingSignIns.userId))
    .where(and(eq(pendingSignIns.tokenHash, tokenHash), gt(pendingSignIns.expiresAt, now)))
    .limit(1);
  return row;
}

/** Spends a pending sign-in; false when another request spent it first. */
export async function deletePendingSignIn(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.id, id))
    .returning({ id: pendingSignIns.id });
  return rows.length > 0;
}

/** Pending sign-ins of the member end when the password or second factor changes. */
export async function deletePendingSignInsOf(db: DbOrTx, userId: string) {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
}
