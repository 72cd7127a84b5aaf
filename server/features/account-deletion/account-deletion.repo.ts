import { and, asc, eq, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  comments,
  emailChanges,
  files,
  groupRoles,
  groups,
  links,
  pendingSignIns,
  posts,
  reports,
  users,
} from '../../db/schema';

/** SQL only: the rows behind "Delete my account" (ADR 022). */

export async function scheduleDeletion(db: DbOrTx, userId: string, requestedAt: Date, dueAt: Date) {
  await db
    .update(users)
    .set({ deletionRequestedAt: requestedAt, deletionDueAt: dueAt })
    .where(eq(users.id, userId));
}

/** Calls off a pending deletion; true only when there was one (so the member is told once). */
export async function clearDeletion(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletionRequestedAt: null, deletionDueAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.deletionDueAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Admins other than this member who are not themselves on their way out. */
export async function countOtherStayingAdmins(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isAdmin, true), ne(users.id, userId), sql`${users.deletionDueAt} is null`));
  return Number(row?.count ?? 0);
}

/** Accounts whose grace period is over, oldest due first (served by users_deletion_due_idx). */
export async function listDueAccounts(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionDueAt), lte(users.deletionDueAt, now)))
    .orderBy(asc(users.deletionDueAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Locks the member's row if its deletion is due, so a sign-in that would cancel it waits for the
 * deletion to finish (or runs first and leaves nothing due). Undefined when gone, cancelled or not yet due.
 */
export async function lockDueAccount(tx: DbOrTx, userId: string, now: Date) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.deletionDueAt), lte(users.deletionDueAt, now)))
    .for('update');
  return row;
}

/** Groups where the member is an Owner. */
export async function listOwnedGroupIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: groupRoles.groupId })
    .from(groupRoles)
    .where(and(eq(groupRoles.userId, userId), eq(groupRoles.role, 'Owner')));
  return rows.map((row) => row.groupId);
}

export async function lockGroupRow(db: DbOrTx, groupId: string) {
  await db.execute(sql`select id from groups where id = ${groupId} for update`);
}

/**
 * The other members of a group who could own it, best heir first: Owners (nothing to hand over),
 * then Moderators, then everyone else, each by how long they have held their membership.
 */
export async function listHeirs(db: DbOrTx, groupId: string, leavingUserId: string) {
  return db
    .select({ id: groupRoles.id, role: groupRoles.role })
    .from(groupRoles)
    .where(and(eq(groupRoles.groupId, groupId), ne(groupRoles.userId, leavingUserId)))
    .orderBy(
      sql`case ${groupRoles.role} when 'Owner' then 0 when 'Moderator' then 1 else 2 end`,
      asc(groupRoles.createdAt),
      asc(groupRoles.id),
    );
}

export async function makeOwner(db: DbOrTx, roleId: string) {
  await db.update(groupRoles).set({ role: 'Owner' }).where(eq(groupRoles.id, roleId));
}

export async function deleteGroup(db: DbOrTx, groupId: string) {
  await db.delete(groups).where(eq(groups.id, groupId));
}

/** Ids of every file the member uploaded (attachments, profile pictures, group pictures). */
export async function listFileIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ id: files.id }).from(files).where(eq(files.userId, userId));
  return rows.map((row) => row.id);
}

/** Storage keys of the lead images Hearth copied for the member's links. */
export async function listLeadImageKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: links.leadImageKey })
    .from(links)
    .where(and(eq(links.userId, userId), isNotNull(links.leadImageKey)));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/**
 * Reports about the member's posts and comments. Deleting the content would otherwise leave them
 * open in the review queue, pointing at nothing and quoting nothing.
 */
export async function deleteReportsAbout(db: DbOrTx, userId: string) {
  await db
    .delete(reports)
    .where(
      or(
        inArray(reports.postId, db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId))),
        inArray(
          reports.commentId,
          db.select({ id: comments.id }).from(comments).where(eq(comments.userId, userId)),
        ),
      ),
    );
}

/** The account row; the foreign keys take everything of the member's with it (see ADR 022). */
export async function deleteUserRow(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** Two-factor sign-ins never completed and email changes never confirmed, once expired. */
export async function purgeExpiredAccountRequests(db: DbOrTx, now: Date) {
  const signIns = await db
    .delete(pendingSignIns)
    .where(lt(pendingSignIns.expiresAt, now))
    .returning({ id: pendingSignIns.id });
  const changes = await db
    .delete(emailChanges)
    .where(lt(emailChanges.expiresAt, now))
    .returning({ id: emailChanges.id });
  return { pendingSignIns: signIns.length, emailChanges: changes.length };
}
