import type { AnswerGroupRequestBody, UpdateGroupBody } from '../../../shared/api/groups';
import type { GroupRole } from '../../../shared/domain/constants';
import { MESSAGES } from '../../../shared/domain/messages';
import type { Db, DbOrTx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { forbidden, HttpError, invalidField, notFound, unprocessable } from '../../http/errors';
import {
  assignableRoles,
  canAnswerRequests,
  canGrantRole,
  canManageGroup,
  canRemoveMember,
  isMember,
  NEWCOMER,
} from '../../policies/group-roles';
import { publishLiveEvent } from '../events/live-events';
import { notify } from '../notifications/notify';
import { findGroupWithRole } from './memberships';
import { keepsAnOwner } from './groups.policy';
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
  isOwnUploadedImage,
  listModeratorIds,
  lockGroup,
  updateGroupFields,
  updateMemberRole,
  type GroupRow,
  type MemberRow,
} from './groups.repo';

const NAME_TAKEN = 'has already been taken';
export const LAST_OWNER = 'A group must keep at least one Owner.';
export const LAST_OWNER_LEAVING = 'Choose another Owner before you leave.';
export const PICTURE_NOT_IMAGE = 'must be an image you uploaded';

/**
 * The 403 of a role the actor may not grant: the same answer as any refusal, carrying what was
 * refused so the route can write it to the security event log.
 */
export class RoleGrantRefused extends HttpError {
  constructor(
    readonly groupId: string,
    readonly role: GroupRole,
    readonly targetMemberId: string,
  ) {
    super(403, { error: MESSAGES.forbidden });
  }
}

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

/** Owner only: any of the name, the description and the picture (one of the editor's own images). */
export async function updateGroup(
  db: Db,
  groupId: string,
  actorId: string,
  changes: UpdateGroupBody['group'],
): Promise<GroupRow> {
  const group = await loadGroup(db, groupId, actorId);
  if (!canManageGroup(group.role)) throw forbidden();
  const { name, description, picture_file_id: pictureFileId } = changes;
  if (name !== undefined && (await isGroupNameTaken(db, name, groupId))) {
    throw invalidField('name', NAME_TAKEN);
  }
  // Keeping the current picture is always allowed, even when another Owner uploaded it.
  if (pictureFileId && pictureFileId !== group.pictureFileId) {
    if (!(await isOwnUploadedImage(db, pictureFileId, actorId))) {
      throw invalidField('picture_file_id', PICTURE_NOT_IMAGE);
    }
  }
  try {
    await updateGroupFields(db, groupId, { name, description, pictureFileId });
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
 * Changes a member's role, as the role policy allows the actor (ADR 020), and tells the member.
 * The group row is locked first, so two Owners demoting each other at once cannot leave the group
 * without one. Answers the member and the actor's role (what the actor may still do to them).
 */
export async function changeMemberRole(db: Db, roleId: string, actorId: string, role: GroupRole) {
  const member = await findMember(db, roleId);
  if (!member) throw notFound();
  const actorRole = await db.transaction(async (tx) => {
    await lockGroup(tx, member.groupId);
    // Authority is read under the lock too: an Owner demoted a moment ago is an Owner no more.
    const actorRole = await requireMembership(tx, member.groupId, actorId);
    const current = await findMember(tx, roleId);
    if (!current) throw notFound();
    const target = targetOf(current, actorId);
    // Setting the role a member already holds changes nothing, for whoever may change it at all.
    if (current.role === role && assignableRoles(actorRole, target).length > 0) return actorRole;
    if (!canGrantRole(actorRole, target, role))
      throw new RoleGrantRefused(current.groupId, role, current.userId);
    if (!keepsAnOwner(current.role, role, await countOwners(tx, member.groupId))) {
      throw invalidField('role', LAST_OWNER);
    }
    await updateMemberRole(tx, roleId, role);
    await notify(tx, {
      recipientId: current.userId,
      actorId,
      kind: 'role_changed',
      groupId: current.groupId,
      data: { role },
    });
    return actorRole;
  });
  return { member: (await findMember(db, roleId))!, actorRole };
}

/**
 * Removes a member (Owners anyone, Moderators Posters and Commentors), or lets a member leave
 * (their own role). Never the last Owner. A member removed by someone else is told; one who left
 * is not.
 */
export async function removeMember(db: Db, roleId: string, actorId: string) {
  const member = await findMember(db, roleId);
  if (!member) throw notFound();
  await db.transaction(async (tx) => {
    await lockGroup(tx, member.groupId);
    const actorRole = await requireMembership(tx, member.groupId, actorId);
    const current = await findMember(tx, roleId);
    if (!current) throw notFound();
    const target = targetOf(current, actorId);
    if (!canRemoveMember(actorRole, target)) throw forbidden();
    if (!keepsAnOwner(current.role, null, await countOwners(tx, member.groupId))) {
      throw unprocessable({ base: [target.isSelf ? LAST_OWNER_LEAVING : LAST_OWNER] });
    }
    await deleteMember(tx, roleId);
    if (!target.isSelf) {
      await notify(tx, {
        recipientId: current.userId,
        actorId,
        kind: 'group_removed',
        groupId: current.groupId,
      });
    }
  });
}

function targetOf(member: MemberRow, actorId: string) {
  return { role: member.role, isSelf: member.userId === actorId };
}

/** Tells the group's Owners and Moderators' open tabs that its requests changed (badges refetch). */
async function announceRequests(tx: DbOrTx, groupId: string) {
  const moderators = await listModeratorIds(tx, groupId);
  if (moderators.length === 0) return;
  await publishLiveEvent(tx, { userIds: moderators }, { type: 'group.requests', groupId });
}

/** Asks to join: refused (422) for members and for a request already waiting. */
export async function requestToJoin(db: Db, userId: string, groupId: string) {
  const group = await findGroupWithRole(db, groupId, userId);
  if (!group) throw invalidField('group_id', 'is not a group');
  if (isMember(group.role)) throw unprocessable({ base: ['You are already a member of this group.'] });
  const alreadyAsked = unprocessable({ base: ['You have already asked to join this group.'] });
  if (await hasPendingRequest(db, groupId, userId)) throw alreadyAsked;
  try {
    const id = await db.transaction(async (tx) => {
      const { id } = await insertRequest(tx, { groupId, userId });
      const moderators = await listModeratorIds(tx, groupId);
      await notify(
        tx,
        moderators.map((recipientId) => ({ recipientId, actorId: userId, kind: 'join_request', groupId })),
      );
      await announceRequests(tx, groupId);
      return id;
    });
    return (await findRequest(db, id))!;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw alreadyAsked;
    throw error;
  }
}

/**
 * Owner/Moderator answer once; accepting adds the member in the same transaction, with a role the
 * answerer may grant (the same rule as role changes: a Moderator lets people in as Posters or
 * Commentors, never as Moderators). The answerer's role is read under the group's row lock, inside
 * that transaction, as role changes take the same lock: a Moderator demoted a moment ago can no
 * longer let anyone in.
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
    if (role && !canGrantRole(actorRole, NEWCOMER, role)) {
      throw new RoleGrantRefused(request.groupId, role, request.userId);
    }
    const answered = await answerPendingRequest(tx, requestId, {
      status: answer.status,
      role,
      answeredById: actorId,
    });
    if (!answered) throw invalidField('status', 'has already been answered');
    if (role) await insertMember(tx, { groupId: answered.groupId, userId: answered.userId, role });
    await notify(tx, {
      recipientId: answered.userId,
      actorId,
      kind: 'request_answered',
      groupId: answered.groupId,
      data: { status: answer.status, role },
    });
    await announceRequests(tx, answered.groupId);
  });
  return (await findRequest(db, requestId))!;
}
