/**
 * How a member hears of their groups (ADR 045): a per-group notification level, the default when
 * they have not chosen one, and how an unread count is shown.
 */

/** `all`: every new post; `mentions`: only posts and comments that mention me; `nothing`: neither. */
export const GROUP_NOTIFICATION_LEVELS = ['all', 'mentions', 'nothing'] as const;
export type GroupNotificationLevel = (typeof GROUP_NOTIFICATION_LEVELS)[number];

/** From this many members on, a group's default is `mentions`: every post would be noise. */
export const LARGE_GROUP_MEMBERS = 50;

/**
 * The level of a member who has not chosen one, from the group's member count at the time of the
 * post: every post in a group under 50 members, mentions only from 50 on.
 */
export function defaultNotificationLevel(membersCount: number): GroupNotificationLevel {
  return membersCount >= LARGE_GROUP_MEMBERS ? 'mentions' : 'all';
}

/** The level that applies: the member's own choice, else the default for the group's size. */
export function effectiveNotificationLevel(
  chosen: GroupNotificationLevel | null,
  membersCount: number,
): GroupNotificationLevel {
  return chosen ?? defaultNotificationLevel(membersCount);
}

/** Unread posts are counted up to this many; more reads as "99+". */
export const UNREAD_COUNT_CAP = 99;

/** "3", "99", "99+" (more than the cap); '' for none. */
export function unreadLabel(count: number): string {
  if (count <= 0) return '';
  return count > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count);
}

export const GROUP_NOTIFICATION_LEVEL_LABELS: Record<GroupNotificationLevel, string> = {
  all: 'All posts',
  mentions: 'Mentions only',
  nothing: 'Nothing',
};
