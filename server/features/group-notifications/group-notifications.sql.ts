// Correlated subqueries name outer columns literally (see posts.repo.ts for why).
import { sql, type SQL } from 'drizzle-orm';
import type { GroupNotificationLevel } from '../../../shared/domain/group-notifications';
import { UNREAD_COUNT_CAP } from '../../../shared/domain/group-notifications';
import { notBlockedCondition, notIgnoredCondition, visiblePostsCondition } from '../../policies/visibility';

/**
 * The SQL forms a group's row carries for one viewer (ADR 045), for the groups feature's selection:
 * each names `groups.id` literally, so it is correlated with the group of the outer row.
 */

/** The viewer's chosen level in the group; null when they have not chosen (or are not a member). */
export function chosenLevelSql(viewerId: string): SQL<GroupNotificationLevel | null> {
  return sql<GroupNotificationLevel | null>`(select gnl.level from group_notification_levels gnl
    where gnl.group_id = groups.id and gnl.user_id = ${viewerId})`;
}

/**
 * Posts by others the viewer may see (the one visibility rule: membership, blocks either way, their
 * Ignore), newer than their read mark, or than their joining when they never marked the group read;
 * 0 when they are not a member (the presenter shows null). Counted up to one past the cap (more
 * reads "99+"), so a busy group costs a short range of `posts_group_created_idx`, never a count of
 * its whole history.
 */
export function unreadCountSql(viewerId: string): SQL<number> {
  return sql<number>`(select count(*) from (
      select 1 from group_roles mem
      join posts on posts.group_id = mem.group_id
      where mem.group_id = groups.id and mem.user_id = ${viewerId}
        and posts.created_at > coalesce(
          (select grm.read_at from group_read_marks grm
            where grm.group_id = mem.group_id and grm.user_id = mem.user_id),
          mem.created_at)
        and posts.user_id <> ${viewerId}
        and ${visiblePostsCondition(viewerId)}
        and ${notBlockedCondition(viewerId, sql.raw('posts.user_id'))}
        and ${notIgnoredCondition(viewerId)}
      limit ${sql.raw(String(UNREAD_COUNT_CAP + 1))}
    ) unread)`;
}
