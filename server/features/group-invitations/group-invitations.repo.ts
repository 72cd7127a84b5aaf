import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { GroupInvitationStatus, GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { literalLimit } from '../../db/literal-limit';
import {
  groupInvitations,
  groupInviteLinks,
  groupRoles,
  groups,
  invitations,
  userBlocks,
  users,
} from '../../db/schema';
import { notBlockedCondition } from '../../policies/visibility';

const inviters = alias(users, 'inviters');
const invitees = alias(users, 'invitees');

const invitationFields = {
  id: groupInvitations.id,
  groupId: groupInvitations.groupId,
  groupName: groups.name,
  inviterId: groupInvitations.inviterId,
  inviterUsername: inviters.username,
  inviterFirstName: inviters.firstName,
  inviterLastName: inviters.lastName,
  inviterAvatarFileId: inviters.avatarFileId,
  inviteeId: groupInvitations.inviteeId,
  inviteeUsername: invitees.username,
  inviteeFirstName: invitees.firstName,
  inviteeLastName: invitees.lastName,
  inviteeAvatarFileId: invitees.avatarFileId,
  email: invitations.email,
  role: groupInvitations.role,
  status: groupInvitations.status,
  createdAt: groupInvitations.createdAt,
};

function selectInvitations(db: DbOrTx) {
  return db
    .select(invitationFields)
    .from(groupInvitations)
    .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
    .innerJoin(inviters, eq(inviters.id, groupInvitations.inviterId))
    .leftJoin(invitees, eq(invitees.id, groupInvitations.inviteeId))
    .leftJoin(invitations, eq(invitations.id, groupInvitations.invitationId));
}

export type GroupInvitationRow = Awaited<ReturnType<ReturnType<typeof selectInvitations>['where']>>[number];

export async function findGroupInvitation(db: DbOrTx, id: string): Promise<GroupInvitationRow | null> {
  const [row] = await selectInvitations(db).where(eq(groupInvitations.id, id)).limit(1);
  return row ?? null;
}

/**
 * A member's open invitations, oldest first: none from a member with a block between them (the
 * invitation is hidden, as everything of theirs is), none into a group they have joined since.
 */
export async function listOpenInvitationsOf(db: DbOrTx, inviteeId: string, limit: number) {
  return selectInvitations(db)
    .where(
      and(
        eq(groupInvitations.inviteeId, inviteeId),
        eq(groupInvitations.status, 'open'),
        notBlockedCondition(inviteeId, sql.raw('group_invitations.inviter_id')),
        sql`not exists (select 1 from group_roles gr
          where gr.group_id = group_invitations.group_id and gr.user_id = ${inviteeId})`,
      ),
    )
    .orderBy(asc(groupInvitations.createdAt), asc(groupInvitations.id))
    .limit(literalLimit(limit));
}

/** The open invitation of this member into this group, if one waits (re-inviting reuses it). */
export async function findOpenInvitationFor(db: DbOrTx, groupId: string, inviteeId: string) {
  const [row] = await db
    .select({ id: groupInvitations.id })
    .from(groupInvitations)
    .where(
      and(
        eq(groupInvitations.groupId, groupId),
        eq(groupInvitations.inviteeId, inviteeId),
        eq(groupInvitations.status, 'open'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertGroupInvitation(
  db: DbOrTx,
  values: {
    groupId: string;
    inviterId: string;
    inviteeId?: string | null;
    invitationId?: string | null;
    role: GroupRole;
  },
) {
  const [row] = await db
    .insert(groupInvitations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: groupInvitations.id });
  return row ?? null;
}

/** Answers an invitation only while it is open; null when it was answered first. */
export async function answerOpenInvitation(db: DbOrTx, id: string, status: GroupInvitationStatus) {
  const [row] = await db
    .update(groupInvitations)
    .set({ status, answeredAt: new Date() })
    .where(and(eq(groupInvitations.id, id), eq(groupInvitations.status, 'open')))
    .returning({ id: groupInvitations.id });
  return row ?? null;
}

/** A confirmed member who is not the inviter and has no block with them either way; else null. */
export async function findInvitableMember(db: DbOrTx, inviterId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.confirmedAt),
        sql`${users.id} <> ${inviterId}`,
        notBlockedCondition(inviterId, users.id),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function isBlockedBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b})
        or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`,
    )
    .limit(1);
  return Boolean(row);
}

export async function roleOf(db: DbOrTx, groupId: string, userId: string): Promise<GroupRole | null> {
  const [row] = await db
    .select({ role: groupRoles.role })
    .from(groupRoles)
    .where(and(eq(groupRoles.groupId, groupId), eq(groupRoles.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * The open invitations into groups that came with the Hearth invitation this member signed up
 * with (locked: a confirmation racing itself lets them in once).
 */
export async function lockOpenInvitationsOfRecipient(db: DbOrTx, recipientId: string) {
  return db
    .select({
      id: groupInvitations.id,
      groupId: groupInvitations.groupId,
      inviterId: groupInvitations.inviterId,
      role: groupInvitations.role,
    })
    .from(groupInvitations)
    .innerJoin(invitations, eq(invitations.id, groupInvitations.invitationId))
    .where(and(eq(invitations.recipientId, recipientId), eq(groupInvitations.status, 'open')))
    .orderBy(asc(groupInvitations.createdAt))
    .for('update', { of: groupInvitations });
}

/** Groups this member joined by accepting an invitation (the welcome screen). */
export async function listInvitedGroupsOf(db: DbOrTx, userId: string) {
  return db
    .select({ id: groups.id, name: groups.name, inviterId: groupInvitations.inviterId })
    .from(groupInvitations)
    .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
    .leftJoin(invitations, eq(invitations.id, groupInvitations.invitationId))
    .where(
      and(
        eq(groupInvitations.status, 'accepted'),
        sql`(${groupInvitations.inviteeId} = ${userId} or ${invitations.recipientId} = ${userId})`,
        sql`exists (select 1 from group_roles gr where gr.group_id = ${groups.id} and gr.user_id = ${userId})`,
      ),
    )
    .orderBy(asc(groupInvitations.answeredAt));
}

// ---- links ----

export type InviteLinkRow = typeof groupInviteLinks.$inferSelect;

export async function findInviteLink(db: DbOrTx, groupId: string): Promise<InviteLinkRow | null> {
  const [row] = await db.select().from(groupInviteLinks).where(eq(groupInviteLinks.groupId, groupId));
  return row ?? null;
}

/** Turns the group's link on with a new code (the previous code stops working). */
export async function upsertInviteLink(
  db: DbOrTx,
  values: {
    groupId: string;
    codeHash: string;
    createdById: string;
    expiresInDays: number;
    maxUses: number | null;
  },
): Promise<InviteLinkRow> {
  const row = {
    groupId: values.groupId,
    codeHash: values.codeHash,
    createdById: values.createdById,
    expiresAt: sql`now() + make_interval(days => ${values.expiresInDays}::int)`,
    maxUses: values.maxUses,
    uses: 0,
    createdAt: sql`now()`,
  };
  const [saved] = await db
    .insert(groupInviteLinks)
    .values(row)
    .onConflictDoUpdate({ target: groupInviteLinks.groupId, set: row })
    .returning();
  return saved!;
}

export async function deleteInviteLink(db: DbOrTx, groupId: string) {
  await db.delete(groupInviteLinks).where(eq(groupInviteLinks.groupId, groupId));
}

/**
 * A usable link by its code's hash: unexpired by the database's clock, uses left. With `lock`,
 * the row is held to the end of the transaction, so the last use is counted once.
 */
export async function findUsableLink(db: DbOrTx, codeHash: string, { lock = false } = {}) {
  const query = db
    .select({
      groupId: groupInviteLinks.groupId,
      groupName: groups.name,
      createdById: groupInviteLinks.createdById,
    })
    .from(groupInviteLinks)
    .innerJoin(groups, eq(groups.id, groupInviteLinks.groupId))
    .where(
      and(
        eq(groupInviteLinks.codeHash, codeHash),
        sql`${groupInviteLinks.expiresAt} > now()`,
        sql`(${groupInviteLinks.maxUses} is null or ${groupInviteLinks.uses} < ${groupInviteLinks.maxUses})`,
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: groupInviteLinks }) : await query;
  return row ?? null;
}

export async function countLinkUse(db: DbOrTx, groupId: string) {
  await db
    .update(groupInviteLinks)
    .set({ uses: sql`${groupInviteLinks.uses} + 1` })
    .where(eq(groupInviteLinks.groupId, groupId));
}

/**
 * People the inviter follows, for a newcomer: confirmed, not the newcomer, no block with the
 * newcomer either way (nor with the inviter, whose follows they are), at most `limit`.
 */
export async function listInviterFollowees(db: DbOrTx, inviterId: string, newcomerId: string, limit: number) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
      isFollowing: sql<boolean>`exists (select 1 from follows f
        where f.follower_id = ${newcomerId} and f.followee_id = users.id)`.mapWith(Boolean),
    })
    .from(users)
    .where(
      and(
        sql`exists (select 1 from follows f where f.follower_id = ${inviterId} and f.followee_id = users.id)`,
        isNotNull(users.confirmedAt),
        sql`${users.id} <> ${newcomerId}`,
        notBlockedCondition(newcomerId, users.id),
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(literalLimit(limit));
}

export async function findPeople(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
