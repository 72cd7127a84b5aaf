import { and, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { type Locale, SOURCE_LOCALE, isLocale } from '../../../shared/domain/locales';

export type UserRow = typeof users.$inferSelect;

/** `column` lies less than `hours` in the past, by the database's clock (one clock for every process). */
export function withinHours(column: AnyPgColumn, hours: number): SQL {
  return gt(column, sql`now() - make_interval(hours => ${hours}::int)`);
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Which of a username and an email already belong to an account (both compared case-insensitively). */
export async function findTaken(db: DbOrTx, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`),
    );
  return {
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertUser(
  tx: DbOrTx,
  values: {
    username: string;
    email: string;
    passwordHash: string;
    firstName: string | null;
    lastName: string | null;
    isAdmin: boolean;
    invitedById: string | null;
    confirmationCodeHash: string;
    /** The language of the browser that signed up (ADR 055). */
    browserLocale: Locale | null;
  },
): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, confirmationSentAt: sql`now()` })
    .returning();
  return row!;
}

/** Replaces the account's confirmation code (a new request makes the previous code useless). */
export async function replaceConfirmationCode(tx: DbOrTx, userId: string, codeHash: string) {
  await tx
    .update(users)
    .set({ confirmationCodeHash: codeHash, confirmationSentAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.confirmedAt)));
}

/**
 * Confirms the account holding this live code and forgets the code, in one statement, so a code
 * works once even when two requests race. Returns the confirmed user's id.
 */
export async function confirmByCode(
  db: DbOrTx,
  codeHash: string,
  validHours: number,
): Promise<{ id: string; invitedById: string | null } | undefined> {
  const [row] = await db
    .update(users)
    .set({
      confirmedAt: sql`coalesce(${users.confirmedAt}, now())`,
      confirmationCodeHash: null,
      confirmationSentAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.confirmationCodeHash, codeHash),
        isNotNull(users.confirmationSentAt),
        withinHours(users.confirmationSentAt, validHours),
      ),
    )
    .returning({ id: users.id, invitedById: users.invitedById });
  return row;
}

export async function replaceResetToken(tx: DbOrTx, userId: string, tokenHash: string) {
  await tx
    .update(users)
    .set({ resetTokenHash: tokenHash, resetSentAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

function liveResetToken(tokenHash: string, validHours: number) {
  return and(
    eq(users.resetTokenHash, tokenHash),
    isNotNull(users.resetSentAt),
    withinHours(users.resetSentAt, validHours),
  );
}

export async function hasLiveResetToken(db: DbOrTx, tokenHash: string, validHours: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(liveResetToken(tokenHash, validHours))
    .limit(1);
  return Boolean(row);
}

/**
 * Sets the new password of the account holding this live reset token and spends the token, in one
 * statement (single use under races). The account counts as confirmed: its owner read the mailbox.
 */
export async function resetPasswordByToken(
  tx: DbOrTx,
  tokenHash: string,
  passwordHash: string,
  validHours: number,
): Promise<Pick<UserRow, 'id' | 'email' | 'locale' | 'browserLocale'> | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      passwordHash,
      resetTokenHash: null,
      resetSentAt: null,
      confirmedAt: sql`coalesce(${users.confirmedAt}, now())`,
      confirmationCodeHash: null,
      confirmationSentAt: null,
      updatedAt: sql`now()`,
    })
    .where(liveResetToken(tokenHash, validHours))
    .returning({
      id: users.id,
      email: users.email,
      locale: users.locale,
      browserLocale: users.browserLocale,
    });
  return row;
}

/**
 * Stores a new password hash. With `unlessChangedFrom`, only while the stored hash is still that one:
 * a re-hash at sign-in never overwrites a password reset that landed in between.
 */
export async function setPasswordHash(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  unlessChangedFrom?: string,
) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(
      and(eq(users.id, userId), unlessChangedFrom ? eq(users.passwordHash, unlessChangedFrom) : undefined),
    );
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/** An admin's switch over one member's inviting (users.can_invite). */
export async function setCanInvite(
  db: DbOrTx,
  userId: string,
  canInvite: boolean,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ canInvite, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Records the language of the browser a member signs in with (what their mail is written in while
 * they have chosen none) and answers the language they chose, if any (ADR 055).
 */
export async function recordBrowserLocale(db: DbOrTx, userId: string, browserLocale: Locale | null) {
  const [row] = browserLocale
    ? await db
        .update(users)
        .set({ browserLocale })
        .where(eq(users.id, userId))
        .returning({ locale: users.locale })
    : await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

/** The language Hearth writes to a member in: their choice, else their browser's, else English. */
export function memberLocale(user: Pick<UserRow, 'locale' | 'browserLocale'>): Locale {
  if (isLocale(user.locale)) return user.locale;
  return isLocale(user.browserLocale) ? user.browserLocale : SOURCE_LOCALE;
}
