import type { Group, GroupMember, GroupRequest } from '../../../shared/api/groups';
import { humanDate } from '../../../shared/domain/time';
import {
  assignableRoles,
  canAnswerRequests,
  canManageGroup,
  canPostInGroup,
  canRemoveMember,
  type MaybeRole,
  NEWCOMER,
} from '../../policies/group-roles';
import { REQUEST_ROLES, type RequestRole } from '../../../shared/domain/constants';
import { defaultNotificationLevel } from '../../../shared/domain/group-notifications';
import { fileUrl } from '../files/files.urls';
import { avatarUrl, displayName } from '../profiles/people';
import type { GroupRow, MemberRow, RequestRow } from './groups.repo';

/** A group's avatar: the initials of its first two words ("Book Club" → "BC"). */
export function groupInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return initials.join('').toUpperCase() || '?';
}

export function presentGroup(row: GroupRow): Group {
  return {
    id: row.id,
    name: row.name,
    avatar: groupInitials(row.name),
    is_owner: row.role === 'Owner',
    is_member: row.role !== null,
    role: row.role,
    members_count: row.membersCount,
    created_at: row.createdAt.toISOString(),
    request_status: row.role === null && row.hasPendingRequest ? 'pending' : null,
    can_edit: canManageGroup(row.role),
    can_post: canPostInGroup(row.role),
    can_answer_requests: canAnswerRequests(row.role),
    description: row.description,
    picture_url: row.pictureFileId ? fileUrl(row.pictureFileId) : null,
    pending_requests_count: canAnswerRequests(row.role) ? row.pendingRequestsCount : null,
    membership_id: row.membershipId,
    notification_level: row.role === null ? null : row.notificationLevel,
    notification_level_default: row.role === null ? null : defaultNotificationLevel(row.membersCount),
    unread_count: row.role === null ? null : row.unreadCount,
  };
}

/** A member as one viewer sees them: what the viewer may do to them comes from the role policy. */
export function presentMember(row: MemberRow, viewer: { id: string; role: MaybeRole }): GroupMember {
  const target = { role: row.role, isSelf: row.userId === viewer.id };
  return {
    id: row.id,
    name: displayName(row),
    avatar: avatarUrl(row),
    user_id: row.userId,
    username: row.username,
    role: row.role,
    group_id: row.groupId,
    created_at: row.createdAt.toISOString(),
    joined_at_human: humanDate(row.createdAt),
    profile_id: row.userId,
    assignable_roles: assignableRoles(viewer.role, target),
    can_remove: canRemoveMember(viewer.role, target),
  };
}

/**
 * A join request. `answererRole` is the viewer's role in the request's group when the viewer may
 * answer it: the roles they may grant by accepting come from the one granting rule, so a
 * Moderator is never offered Moderator. Anyone else, or an answered request, gets none.
 */
export function presentRequest(row: RequestRow, answererRole: MaybeRole = null): GroupRequest {
  const grantable = assignableRoles(answererRole, NEWCOMER);
  const assignable = REQUEST_ROLES.filter((role): role is RequestRole => grantable.includes(role));
  return {
    id: row.id,
    group_id: row.groupId,
    group_name: row.groupName,
    user_id: row.userId,
    username: row.username,
    user_full_name: displayName(row),
    avatar: avatarUrl(row),
    created_at: row.createdAt.toISOString(),
    created_at_human: humanDate(row.createdAt),
    status: row.status,
    role: row.role,
    assignable_roles: row.status === 'pending' ? assignable : [],
  };
}
