import { and, asc, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { MENTION_SUGGESTIONS_MAX } from '../../../shared/domain/mentions';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { notBlockedCondition } from '../../policies/visibility';
import { literalLimit } from '../../db/literal-limit';

const memberFields = {
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
};

/**
 * Confirmed members with these usernames (lower-cased), served by users_username_lower_idx. With a
 * viewer, members blocked either way are left out, so their mention stays plain text.
 */
export async function findMembersByUsernames(db: DbOrTx, usernames: string[], viewerId?: string) {
  if (usernames.length === 0) return [];
  const conditions: SQL[] = [inArray(sql`lower(${users.username})`, usernames), isNotNull(users.confirmedAt)];
  if (viewerId) conditions.push(notBlockedCondition(viewerId, users.id));
  return db
    .select(memberFields)
    .from(users)
    .where(and(...conditions));
}

/** `%` and `_` typed by a member are letters, not wildcards. */
function prefixPattern(query: string): string {
  return `${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Members whose username, first name, last name or full name starts with `query`, for the @
 * autocomplete: confirmed, not the viewer, not blocked either way, and with `groupId` only that
 * group's members. Usernames first by length, so an exact name leads.
 */
export async function suggestMembers(
  db: DbOrTx,
  { viewerId, query, groupId }: { viewerId: string; query: string; groupId?: string | null },
) {
  const pattern = prefixPattern(query);
  const conditions: SQL[] = [
    isNotNull(users.confirmedAt),
    ne(users.id, viewerId),
    or(
      sql`${users.username} ilike ${pattern}`,
      sql`${users.firstName} ilike ${pattern}`,
      sql`${users.lastName} ilike ${pattern}`,
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    )!,
    notBlockedCondition(viewerId, users.id),
  ];
  if (groupId) {
    conditions.push(
      sql`exists (select 1 from group_roles mgr where mgr.group_id = ${groupId} and mgr.user_id = users.id)`,
    );
  }
  return db
    .select(memberFields)
    .from(users)
    .where(and(...conditions))
    .orderBy(
      sql`(${users.username} ilike ${pattern}) desc`,
      sql`length(${users.username})`,
      asc(sql`lower(${users.username})`),
    )
    .limit(literalLimit(MENTION_SUGGESTIONS_MAX));
}

/** The ids of members with these usernames (lower-cased), to notify them. */
export async function memberIdsByUsernames(db: DbOrTx, usernames: string[]) {
  const rows = await findMembersByUsernames(db, usernames);
  return rows.map((row) => row.userId);
}
