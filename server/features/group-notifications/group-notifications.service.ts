import type { GroupNotificationLevel } from '../../../shared/domain/group-notifications';
import type { Db } from '../../db/client';
import { foreignKeyViolation } from '../../db/errors';
import { notFound } from '../../http/errors';
import { loadGroup } from '../groups/groups.service';
import type { GroupRow } from '../groups/groups.repo';
import { isGroupMember, markGroupRead, saveNotificationLevel } from './group-notifications.repo';

/**
 * Runs a write that belongs to the member's membership: 404 when they are not a member (the setting
 * and the mark exist only for members, so there is nothing of theirs to change), and the same when
 * they were removed between the check and the write (the membership's foreign key refuses it).
 * Answers the group as they now see it.
 */
async function asMember(db: Db, groupId: string, userId: string, write: () => Promise<void>) {
  if (!(await isGroupMember(db, groupId, userId))) throw notFound();
  try {
    await write();
  } catch (error) {
    if (foreignKeyViolation(error) !== null) throw notFound();
    throw error;
  }
  return loadGroup(db, groupId, userId);
}

/**
 * The member chooses how they hear of the group's posts (ADR 045): `all`, `mentions` or `nothing`;
 * null goes back to the default for the group's size (decided at each post, not now).
 */
export function setNotificationLevel(
  db: Db,
  groupId: string,
  userId: string,
  level: GroupNotificationLevel | null,
): Promise<GroupRow> {
  return asMember(db, groupId, userId, () => saveNotificationLevel(db, groupId, userId, level));
}

/**
 * The member has read the group's timeline up to now (the web app says so when it shows the newest
 * posts): its unread count starts again from zero. The mark is a table of its own, so this write
 * drops no kept timeline (ADR 042).
 */
export function markRead(db: Db, groupId: string, userId: string): Promise<GroupRow> {
  return asMember(db, groupId, userId, () => markGroupRead(db, groupId, userId));
}
