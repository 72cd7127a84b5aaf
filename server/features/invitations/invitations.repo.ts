import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { DURATIONS } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { invitations, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';

export type InvitationRow = typeof invitations.$inferSelect;

/** Unredeemed and unexpired, by the database's clock. */
const isOpen = () =>
  and(isNull(invitations.recipientId), isNull(invitations.redeemedAt), gt(invitations.expiresAt, sql`now()`));

/** Codes are looked up by their SHA-256 only: the table never holds a usable code (ADR 004). */
export async function findOpenInvitation(db: DbOrTx, codeHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.codeHash, codeHash), isOpen()))
    .limit(1);
  return row;
}

/**
 * Marks the open invitation with this code as redeemed and returns it, or nothing when it is not
 * (or no longer) open. Concurrent claims of one code queue on its row lock; once the first commits,
 * the others no longer match, so exactly one sign-up wins.
 */
export async function claimInvitation(tx: DbOrTx, codeHash: string): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(invitations)
    .set({ redeemedAt: sql`now()` })
    .where(and(eq(invitations.codeHash, codeHash), isOpen()))
    .returning();
  return row;
}

export async function setInvitationRecipient(tx: DbOrTx, invitationId: string, recipientId: string) {
  await tx.update(invitations).set({ recipientId }).where(eq(invitations.id, invitationId));
}

export async function insertInvitation(
  tx: DbOrTx,
  values: { inviterId: string | null; email: string | null; codeHash: string; grantsAdmin: boolean },
): Promise<InvitationRow> {
  const [row] = await tx
    .insert(invitations)
    .values({ ...values, expiresAt: sql`now() + make_interval(days => ${DURATIONS.invitationDays}::int)` })
    .returning();
  return row!;
}

/**
 * Locks the inviter's row for the rest of the transaction, so two invitations created at once by
 * one member are counted one after the other and the quota holds.
 */
export async function lockInviter(tx: DbOrTx, inviterId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, inviterId)).for('update');
}

export async function countOpenInvitations(db: DbOrTx, inviterId: string): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(invitations)
    .where(and(eq(invitations.inviterId, inviterId), isOpen()));
  return Number(row?.open ?? 0);
}

/** created_at with the database's full (microsecond) precision, for exact keyset cursors. */
const exactCreatedAt = sql<string>`to_char(${invitations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The recipient has confirmed their email (see presentInvitation). */
const recipientConfirmed = sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${invitations.recipientId} and ${users.confirmedAt} is not null)`;

/** The member's invitations, newest first, keyset-paged on (created_at, id). */
export async function listInvitationsOf(db: DbOrTx, inviterId: string, after: Cursor | null, limit: number) {
  return db
    .select({ invitation: invitations, exactCreatedAt, recipientConfirmed })
    .from(invitations)
    .where(
      and(
        eq(invitations.inviterId, inviterId),
        after
          ? sql`(${invitations.createdAt}, ${invitations.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit);
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return Number(row?.total ?? 0);
}

/** The open invitation the server made for its first member, if one is waiting. */
export async function findOpenBootstrapInvitation(db: DbOrTx): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(isNull(invitations.inviterId), eq(invitations.grantsAdmin, true), isOpen()))
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return row;
}

/** Serialises bootstraps across processes starting at once (held until the transaction ends). */
export async function lockBootstrap(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hearth.bootstrap-invitation'))`);
}

/** Closes an open invitation now (a replaced bootstrap invitation): its link stops working. */
export async function expireInvitation(tx: DbOrTx, invitationId: string) {
  await tx
    .update(invitations)
    .set({ expiresAt: sql`now()` })
    .where(eq(invitations.id, invitationId));
}

/**
 * Rows written before codes were hashed: stores the code's SHA-256 (hex, as hashToken computes it)
 * and clears the plaintext. One statement, so it is atomic; a second run finds nothing to do.
 */
export async function hashPlaintextCodes(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(invitations)
    .set({
      codeHash: sql`coalesce(${invitations.codeHash}, encode(sha256(convert_to(${invitations.code}, 'UTF8')), 'hex'))`,
      code: null,
    })
    .where(isNotNull(invitations.code))
    .returning({ id: invitations.id });
  return rows.length;
}
