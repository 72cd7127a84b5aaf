import type { AnswerGroupRequestBody } from '../../../shared/api/groups';
import type { GroupRole } from '../../../shared/domain/constants';
import type { Db, DbOrTx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { forbidden, invalidField, notFound, unprocessable } from '../../http/errors';
import { canAnswerRequests, canManageGroup, isMember } from '../../policies/group-roles';
import { findGroupWithRole } from './memberships';
import { canChangeMember, keepsAnOwner } from './groups.policy';
import {
  answerPendingRequest,
  countOwners,
  deleteMember,
  findGroup,
  findMember,
  findRequest,
  hasPendingRequest,
  insertGroup,
  insertMember,
  insertRequest,
  isGroupNameTaken,
  lockGroup,
  renameGroup,
  updateMemberRole,
  type GroupRow,
} from './groups.repo';

const NAME_TAKEN = 'has already been taken';
export const LAST_OWNER = 'A group must keep at least one Owner.';

/** The creator becomes Owner, in the same transaction. Names are unique, ignoring case. */
export async function createGroup(db: Db, creatorId: string, name: string): Promise<GroupRow> {
  if (await isGroupNameTaken(db, name)) throw invalidField('name', NAME_TAKEN);
  try {
    const id = await db.transaction(async (tx) => {
      const group = await insertGroup(tx, { name, createdById: creatorId });
      await insertMember(tx, { groupId: group.id, userId: creatorId, role: 'Owner' });
      return group.id;
    });
    return (await findGroup(db, id, creatorId))!;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw invalidField('name', NAME_TAKEN);
    throw error;
  }
}

/** The group as this viewer sees it, or 404. */
export async function loadGroup(db: Db, groupId: string, viewerId: string): Promise<GroupRow> {
  const group = await findGroup(db, groupId, viewerId);
  if (!group) throw notFound();
  return group;
}

/** Owner only. */
export async function updateGroup(db: Db, groupId: string, actorId: string, name: string): Promise<GroupRow> {
  const group = await loadGroup(db, groupId, actorId);
  if (!canManageGroup(group.role)) throw forbidden();
  if (await isGroupNameTaken(db, name, groupId)) throw invalidField('name', NAME_TAKEN);
  try {
    await renameGroup(db, groupId, name);
  } catch (error) {
    if (uniqueViolation(error) !== null) throw invalidField('name', NAME_TAKEN);
    throw error;
  }
  return loadGroup(db, groupId, actorId);
}

/** A member's role in an existing group: 404 when the group does not exist, 403 when not a member. */
export async function requireMembership(db: DbOrTx, groupId: string, userId: string): Promise<GroupRole> {
  const group = await findGroupWithRole(db, groupId, userId);
  if (!group) throw notFound();
  if (!isMember(group.role)) throw forbidden();
  return group.role;
}

/**
 * Changes a member's role (Owner only). The group row is locked first, so two Owners demoting
 * each other at once cannot leave the group without one.
 */
export async function changeMemberRole(db: Db, roleId: string, actorId: string, role: GroupRole) {
  const member = await findMember(db, roleId);
  if (!member) throw notFound();
  await db.transaction(async (tx) => {
    await lockGroup(tx, member.groupId);
    // Authority is read under the lock too: an Owner demoted a moment ago is an Owner no more.
    const actorRole = await requireMembership(tx, member.groupId, actorId);
    if (!canChangeMember(actorId, actorRole, member, 'change')) throw forbidden();
    const current = await findMember(tx, roleId);
    if (!current) throw notFound();
    if (!keepsAnOwner(current.role, role, await countOwners(tx, member.groupId))) {
      throw invalidField('role', LAST_OWNER);
    }
    await updateMemberRole(tx, roleId, role);
  });
  return (await findMember(db, roleId))!;
}

/** Removes a member (Owner), or lets a member leave (their own role). Never the last Owner. */
export async function removeMember(db: Db, roleId: string, actorId: string) {
  const member = await findMember(db, roleId);
  if (!member) throw notFound();
  await db.transaction(async (tx) => {
    await lockGroup(tx, member.groupId);
    const actorRole = await requireMembership(tx, member.groupId, actorId);
    if (!canChangeMember(actorId, actorRole, member, 'remove')) throw forbidden();
    const current = await findMember(tx, roleId);
    if (!current) throw notFound();
    if (!keepsAnOwner(current.role, null, await countOwners(tx, member.groupId))) {
      throw unprocessable({ base: [LAST_OWNER] });
    }
    await deleteMember(tx, roleId);
  });
}

/** Asks to join: refused (422) for members and for a request already waiting. */
export async function requestToJoin(db: Db, userId: string, groupId: string) {
  const group = await findGroupWithRole(db, groupId, userId);
  if (!group) throw invalidField('group_id', 'is not a group');
  if (isMember(group.role)) throw unprocessable({ base: ['You are already a member of this group.'] });
  const alreadyAsked = unprocessable({ base: ['You have already asked to join this group.'] });
  if (await hasPendingRequest(db, groupId, userId)) throw alreadyAsked;
  try {
    const { id } = await insertRequest(db, { groupId, userId });
    return (await findRequest(db, id))!;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw alreadyAsked;
    throw error;
  }
}

/**
 * Owner/Moderator answer once; accepting adds the member in the same transaction. The answerer's
 * role is read under the group's row lock, inside that transaction, as role changes take the same
 * lock: a Moderator demoted a moment ago can no longer let anyone in.
 */
export async function answerRequest(
  db: Db,
  requestId: string,
  actorId: string,
  answer: AnswerGroupRequestBody['group_request'],
) {
  const request = await findRequest(db, requestId);
  if (!request) throw notFound();
  const role = answer.status === 'accepted' ? (answer.role ?? null) : null;
  await db.transaction(async (tx) => {
    await lockGroup(tx, request.groupId);
    const actorRole = await requireMembership(tx, request.groupId, actorId);
    if (!canAnswerRequests(actorRole)) throw forbidden();
    const answered = await answerPendingRequest(tx, requestId, {
      status: answer.status,
      role,
      answeredById: actorId,
    });
    if (!answered) throw invalidField('status', 'has already been answered');
    if (role) await insertMember(tx, { groupId: answered.groupId, userId: answered.userId, role });
  });
  return (await findRequest(db, requestId))!;
}
