import { GROUP_INVITATION_MESSAGES, type InviteLinkBody } from '../../../shared/api/group-invitations';
import { INVITE_LINK_LIMITS } from '../../../shared/domain/group-links';
import type { GroupInvitationStatus, GroupRole } from '../../../shared/domain/constants';
import type { AppContext } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { forbidden, HttpError, invalidField, notFound, unprocessable } from '../../http/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import {
  canGrantRole,
  canInviteToGroup,
  canManageInviteLink,
  NEWCOMER,
  NEWCOMER_ROLE,
} from '../../policies/group-roles';
import { followEachOther } from '../follows/follows.service';
import { findGroup, insertMember, lockGroup } from '../groups/groups.repo';
import { requireMembership, RoleGrantRefused } from '../groups/groups.service';
import { createMemberInvitation } from '../invitations/invitations.service';
import { notify } from '../notifications/notify';
import type { UserRow } from '../users/users.repo';
import {
  answerOpenInvitation,
  findPeople,
  listInvitedGroupsOf,
  listInviterFollowees,
  countLinkUse,
  deleteInviteLink,
  findGroupInvitation,
  findInvitableMember,
  findInviteLink,
  findOpenInvitationFor,
  findUsableLink,
  insertGroupInvitation,
  isBlockedBetween,
  lockOpenInvitationsOfRecipient,
  roleOf,
  upsertInviteLink,
} from './group-invitations.repo';

/** The one answer for any link that does not lead in: unknown, expired, used up or turned off. */
export const unknownLink = () => notFound();

/**
 * The inviter's standing, read under the group's lock inside the caller's transaction: a member
 * who may invite (else 403; 404 for a group that does not exist). Which roles they may give is the
 * one granting rule, checked by the caller (its refusal is the RoleGrantRefused 403).
 */
async function requireInviter(tx: DbOrTx, groupId: string, inviterId: string) {
  await lockGroup(tx, groupId);
  const actorRole = await requireMembership(tx, groupId, inviterId);
  if (!canInviteToGroup(actorRole)) throw forbidden();
  return actorRole;
}

/**
 * Invites a member into a group. The invitee is told in the inbox, in the same transaction. Asking
 * again while an invitation waits answers that one (no second row, no second notification). A
 * member the inviter may not invite (unknown, unconfirmed, themselves, or with a block between
 * them either way) gets one answer, so a blocked member's existence is not confirmed.
 */
export async function inviteMember(
  db: Db,
  groupId: string,
  inviterId: string,
  inviteeId: string,
  role: GroupRole = NEWCOMER_ROLE,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const actorRole = await requireInviter(tx, groupId, inviterId);
    if (!canGrantRole(actorRole, NEWCOMER, role)) throw new RoleGrantRefused(groupId, role, inviteeId);
    if (!(await findInvitableMember(tx, inviterId, inviteeId))) {
      throw invalidField('user_id', GROUP_INVITATION_MESSAGES.notInvitable);
    }
    if (await roleOf(tx, groupId, inviteeId)) {
      throw invalidField('user_id', GROUP_INVITATION_MESSAGES.alreadyMember);
    }
    const open = await findOpenInvitationFor(tx, groupId, inviteeId);
    if (open) return { id: open.id, created: false };
    const inserted = await insertGroupInvitation(tx, { groupId, inviterId, inviteeId, role });
    // The partial unique index caught a racing twin: answer that one.
    if (!inserted) return { id: (await findOpenInvitationFor(tx, groupId, inviteeId))!.id, created: false };
    await notify(tx, {
      recipientId: inviteeId,
      actorId: inviterId,
      kind: 'group_invitation',
      groupId,
      data: { role, invitation_id: inserted.id },
    });
    return { id: inserted.id, created: true };
  });
}

/**
 * Invites someone not on Hearth yet: a Hearth invitation made exactly as POST /api/invitations
 * makes one (the inviter's quota and every invitation rule, the same mail), carrying the group, in
 * the one transaction. Once they have signed up and confirmed, they are in (joinInvitedGroups).
 * The inviter's standing in the group is checked first and again under the lock.
 */
export async function inviteByEmail(
  context: Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>,
  groupId: string,
  inviter: UserRow,
  email: string,
  role: GroupRole = NEWCOMER_ROLE,
) {
  const actorRole = await requireMembership(context.db, groupId, inviter.id);
  if (!canInviteToGroup(actorRole)) throw forbidden();
  if (!canGrantRole(actorRole, NEWCOMER, role)) throw new RoleGrantRefused(groupId, role, inviter.id);
  let groupInvitationId = '';
  const result = await createMemberInvitation(context, inviter, email, async (tx, created) => {
    const standing = await requireInviter(tx, groupId, inviter.id);
    if (!canGrantRole(standing, NEWCOMER, role)) throw new RoleGrantRefused(groupId, role, inviter.id);
    const inserted = await insertGroupInvitation(tx, {
      groupId,
      inviterId: inviter.id,
      invitationId: created.invitation.id,
      role,
    });
    groupInvitationId = inserted!.id;
    const group = await findGroup(tx, groupId, inviter.id);
    return { groupName: group?.name };
  });
  if ('refused' in result) throw forbidden(result.refused);
  if ('errors' in result) throw unprocessable(result.errors);
  return { id: groupInvitationId };
}

/**
 * The invitee answers. Anything not theirs, gone, or from a member with a block between them is a
 * 404 (they may not see it). Accepting makes them a member with the invited role, both follow each
 * other, and the invitation closes, in one transaction under the group's lock; the inviter must
 * still be able to grant that role then (an inviter since demoted or gone leaves a 404).
 */
export async function answerInvitation(
  db: Db,
  invitationId: string,
  inviteeId: string,
  status: GroupInvitationStatus,
) {
  const found = await findGroupInvitation(db, invitationId);
  if (!found || found.inviteeId !== inviteeId) throw notFound();
  await db.transaction(async (tx) => {
    await lockGroup(tx, found.groupId);
    const current = await findGroupInvitation(tx, invitationId);
    if (!current) throw notFound();
    if (await isBlockedBetween(tx, current.inviterId, inviteeId)) throw notFound();
    if (current.status !== 'open') throw invalidField('status', GROUP_INVITATION_MESSAGES.answered);
    if (status === 'accepted') {
      if (await roleOf(tx, current.groupId, inviteeId)) {
        throw unprocessable({ base: [GROUP_INVITATION_MESSAGES.youAreMember] });
      }
      const inviterRole = await roleOf(tx, current.groupId, current.inviterId);
      if (!canInviteToGroup(inviterRole) || !canGrantRole(inviterRole, NEWCOMER, current.role)) {
        throw notFound();
      }
    }
    if (!(await answerOpenInvitation(tx, invitationId, status))) {
      throw invalidField('status', GROUP_INVITATION_MESSAGES.answered);
    }
    if (status === 'accepted') {
      await insertMember(tx, { groupId: current.groupId, userId: inviteeId, role: current.role });
      await followEachOther(tx, inviteeId, current.inviterId);
    }
  });
  return (await findGroupInvitation(db, invitationId))!;
}

/**
 * Inside the email confirmation's transaction: the groups a new member was invited into with the
 * Hearth invitation they signed up with. Each open one is accepted, with its role, and the member
 * and the inviter follow each other; a group whose inviter can no longer grant the role, or where
 * a block now stands between them, is skipped (the invitation stays open and unused).
 */
export async function joinInvitedGroups(tx: DbOrTx, newMemberId: string): Promise<number> {
  let joined = 0;
  for (const invitation of await lockOpenInvitationsOfRecipient(tx, newMemberId)) {
    await lockGroup(tx, invitation.groupId);
    const inviterRole = await roleOf(tx, invitation.groupId, invitation.inviterId);
    if (!canInviteToGroup(inviterRole) || !canGrantRole(inviterRole, NEWCOMER, invitation.role)) continue;
    if (await isBlockedBetween(tx, invitation.inviterId, newMemberId)) continue;
    await answerOpenInvitation(tx, invitation.id, 'accepted');
    await insertMember(tx, { groupId: invitation.groupId, userId: newMemberId, role: invitation.role });
    await followEachOther(tx, newMemberId, invitation.inviterId);
    joined += 1;
  }
  return joined;
}

// ---- the shareable link ----

/** 160 random bits, URL-safe: the code of a group link (only its SHA-256 is stored). */
export function newLinkCode(): string {
  return randomToken(20);
}

/** Owners only: the link's state (the 404/403 of the group otherwise). */
export async function readInviting(db: DbOrTx, groupId: string, viewerId: string) {
  const role = await requireMembership(db, groupId, viewerId);
  if (!canInviteToGroup(role)) throw forbidden();
  return { role, link: canManageInviteLink(role) ? await findInviteLink(db, groupId) : null };
}

/**
 * Turns the group's link on with a new code, or off (`enabled: false`). Each new code replaces the
 * previous one, which stops working at once; its uses start again from nought.
 */
export async function setInviteLink(
  db: Db,
  groupId: string,
  ownerId: string,
  body: InviteLinkBody['invite_link'],
) {
  return db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    const role = await requireMembership(tx, groupId, ownerId);
    if (!canManageInviteLink(role)) throw forbidden();
    if (body.enabled === false) {
      await deleteInviteLink(tx, groupId);
      return { link: null, code: null };
    }
    const code = newLinkCode();
    const link = await upsertInviteLink(tx, {
      groupId,
      codeHash: hashToken(code),
      createdById: ownerId,
      expiresInDays: body.expires_in_days ?? INVITE_LINK_LIMITS.expiresInDaysDefault,
      maxUses: body.max_uses ?? null,
    });
    return { link, code };
  });
}

/** What a link leads to, for a signed-in member deciding whether to join; any dead link is a 404. */
export async function lookUpLink(db: DbOrTx, code: string, viewerId: string) {
  const link = await findUsableLink(db, hashToken(code));
  if (!link) throw unknownLink();
  return { ...link, isMember: (await roleOf(db, link.groupId, viewerId)) !== null };
}

/**
 * Joins through a link as a newcomer (Poster). A member already in the group is answered as joined
 * and spends no use. The use is counted with the link's row locked, so a limit of N lets in N. The
 * member and the link's maker follow each other unless a block stands between them.
 */
export async function joinByLink(db: Db, code: string, userId: string) {
  try {
    return await db.transaction(async (tx) => {
      const link = await findUsableLink(tx, hashToken(code), { lock: true });
      if (!link) throw unknownLink();
      await lockGroup(tx, link.groupId);
      if (await roleOf(tx, link.groupId, userId)) return { ...link, isMember: true };
      await insertMember(tx, { groupId: link.groupId, userId, role: NEWCOMER_ROLE });
      await countLinkUse(tx, link.groupId);
      if (link.createdById && !(await isBlockedBetween(tx, link.createdById, userId))) {
        await followEachOther(tx, userId, link.createdById);
      }
      return { ...link, isMember: true };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (uniqueViolation(error) !== null) throw unknownLink();
    throw error;
  }
}

/** How many people the welcome screen suggests. */
export const ARRIVAL_SUGGESTIONS_MAX = 12;

/**
 * What a member who arrived by invitation sees first (ADR 041): the groups they were invited into,
 * who invited them (the member whose Hearth invitation they signed up with, else the inviter of
 * their first group), and people that member follows whom they may see (no block either way).
 */
export async function readArrival(db: DbOrTx, user: Pick<UserRow, 'id' | 'invitedById'>) {
  const groups = await listInvitedGroupsOf(db, user.id);
  const inviterId = user.invitedById ?? groups[0]?.inviterId ?? null;
  if (!inviterId || (await isBlockedBetween(db, inviterId, user.id))) {
    return { groups, inviter: null, suggestions: [] };
  }
  const [inviter] = await findPeople(db, [inviterId]);
  const suggestions = await listInviterFollowees(db, inviterId, user.id, ARRIVAL_SUGGESTIONS_MAX);
  return { groups, inviter: inviter ?? null, suggestions };
}
