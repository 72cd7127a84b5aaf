// Correlated subqueries name outer columns literally (see posts.repo.ts for why).
import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { GroupRole, GroupSort } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { files, groupRequests, groupRoles, groups, users } from '../../db/schema';
import type { KeyCursor } from '../../http/key-cursor';
import { literalLimit } from '../../db/literal-limit';
import { chosenLevelSql, unreadCountSql } from '../group-notifications/group-notifications.sql';

/** Columns of a group as one viewer sees it: their role, the member count, their pending request. */
function groupFields(viewerId: string) {
  return {
    id: groups.id,
    name: groups.name,
    createdAt: groups.createdAt,
    role: sql<GroupRole | null>`(select gr.role from group_roles gr where gr.group_id = groups.id and gr.user_id = ${viewerId})`,
    membersCount: sql<number>`(select count(*) from group_roles gr where gr.group_id = groups.id)`.mapWith(
      Number,
    ),
    hasPendingRequest:
      sql<boolean>`exists (select 1 from group_requests rq where rq.group_id = groups.id and rq.user_id = ${viewerId} and rq.status = 'pending')`.mapWith(
        Boolean,
      ),
    description: groups.description,
    pictureFileId: groups.pictureFileId,
    /** Counted for everyone; the presenter shows it to Owners and Moderators only. */
    pendingRequestsCount:
      sql<number>`(select count(*) from group_requests rq where rq.group_id = groups.id and rq.status = 'pending')`.mapWith(
        Number,
      ),
    membershipId: sql<
      string | null
    >`(select gr.id from group_roles gr where gr.group_id = groups.id and gr.user_id = ${viewerId})`,
    /** My chosen notification level (ADR 045); null: the default for the size applies. */
    notificationLevel: chosenLevelSql(viewerId),
    /** My unread posts here, capped (ADR 045); 0 when not a member. */
    unreadCount: unreadCountSql(viewerId).mapWith(Number),
    /** created_at with full precision, for exact keyset cursors. */
    createdAtExact: sql<string>`to_char(${groups.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How a groups list is ordered, and the keys its cursor carries (after the id). */
export const GROUP_CURSOR_KEYS: Record<GroupSort, ('string' | 'number')[]> = {
  name: ['string'],
  date: ['string'],
  status: ['number', 'string'],
};

/**
 * Groups (the groups list), optionally searched by name, only mine, and sorted by name, date or my
 * status; keyset paged on the sort keys and the id, `limit` rows from after the cursor.
 */
export async function listGroups(
  db: DbOrTx,
  viewerId: string,
  options: { q?: string; sort?: GroupSort; memberOnly?: boolean; after: KeyCursor | null; limit: number },
) {
  const fields = groupFields(viewerId);
  const sort = options.sort ?? 'name';
  const byName = sql`lower(${groups.name})`;
  const rank = sql<number>`(case when ${fields.role} = 'Owner' then 0 when ${fields.role} is not null then 1 when ${fields.hasPendingRequest} then 2 else 3 end)`;
  const conditions: (SQL | undefined)[] = [
    options.q ? sql`${groups.name} ilike ${likePattern(options.q)}` : undefined,
    options.memberOnly
      ? sql`exists (select 1 from group_roles gr where gr.group_id = groups.id and gr.user_id = ${viewerId})`
      : undefined,
  ];
  const after = options.after;
  if (after) {
    const [first, second] = after.keys;
    conditions.push(
      sort === 'date'
        ? sql`(${groups.createdAt}, ${groups.id}) < (${first}::timestamptz, ${after.id}::uuid)`
        : sort === 'status'
          ? sql`(${rank}, ${byName}, ${groups.id}) > (${first}::int, ${second}::text, ${after.id}::uuid)`
          : sql`(${byName}, ${groups.id}) > (${first}::text, ${after.id}::uuid)`,
    );
  }
  const order: SQL[] =
    sort === 'date'
      ? [sql`${groups.createdAt} desc`, sql`${groups.id} desc`]
      : sort === 'status'
        ? [rank, byName, sql`${groups.id}`]
        : [byName, sql`${groups.id}`];
  return db
    .select({ ...fields, sortName: sql<string>`${byName}`, statusRank: rank.mapWith(Number) })
    .from(groups)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(literalLimit(options.limit));
}

/** The cursor keys of a listed group under a sort. */
export function groupCursorKeys(row: ListedGroupRow, sort: GroupSort | undefined): (string | number)[] {
  if (sort === 'date') return [row.createdAtExact];
  if (sort === 'status') return [row.statusRank, row.sortName];
  return [row.sortName];
}

export type ListedGroupRow = Awaited<ReturnType<typeof listGroups>>[number];

export type GroupRow = Omit<ListedGroupRow, 'sortName' | 'statusRank'>;

export async function findGroup(db: DbOrTx, groupId: string, viewerId: string): Promise<GroupRow | null> {
  const [row] = await db.select(groupFields(viewerId)).from(groups).where(eq(groups.id, groupId)).limit(1);
  return row ?? null;
}

export async function isGroupNameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const conditions: SQL[] = [sql`lower(${groups.name}) = lower(${name})`];
  if (exceptId) conditions.push(ne(groups.id, exceptId));
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertGroup(db: DbOrTx, values: { name: string; createdById: string }) {
  const [row] = await db.insert(groups).values(values).returning({ id: groups.id });
  return row!;
}

export async function updateGroupFields(
  db: DbOrTx,
  groupId: string,
  values: { name?: string; description?: string; pictureFileId?: string | null },
) {
  await db
    .update(groups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(groups.id, groupId));
}

/** Whether the file is this member's own checked image (the only kind a group picture may be). */
export async function isOwnUploadedImage(db: DbOrTx, fileId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.userId, userId),
        eq(files.status, 'uploaded'),
        isNotNull(files.width),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Serialises role changes within one group (the last-Owner rule reads, then writes). */
export async function lockGroup(db: DbOrTx, groupId: string) {
  await db.execute(sql`select id from groups where id = ${groupId} for update`);
}

// ---- members (group roles) ----

const memberFields = {
  id: groupRoles.id,
  groupId: groupRoles.groupId,
  userId: groupRoles.userId,
  role: groupRoles.role,
  createdAt: groupRoles.createdAt,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
};

const roleRank = sql<number>`(case ${groupRoles.role} when 'Owner' then 0 when 'Moderator' then 1 when 'Poster' then 2 else 3 end)`;
const joinedAtExact = sql<string>`to_char(${groupRoles.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The keys a member list cursor carries (after the id): the role's rank and the exact join time. */
export const MEMBER_CURSOR_KEYS: ('string' | 'number')[] = ['number', 'string'];

/**
 * Members, Owners first, then Moderators, Posters, Commentors; oldest first within a role. Keyset
 * paged on (role rank, joined at, id).
 */
export async function listMembers(
  db: DbOrTx,
  groupId: string,
  page: { after: KeyCursor | null; limit: number },
) {
  const after = page.after;
  return db
    .select({ ...memberFields, roleRank: roleRank.mapWith(Number), joinedAtExact })
    .from(groupRoles)
    .innerJoin(users, eq(users.id, groupRoles.userId))
    .where(
      and(
        eq(groupRoles.groupId, groupId),
        after
          ? sql`(${roleRank}, ${groupRoles.createdAt}, ${groupRoles.id}) > (${after.keys[0]}::int, ${after.keys[1]}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(roleRank, asc(groupRoles.createdAt), asc(groupRoles.id))
    .limit(literalLimit(page.limit));
}

export type MemberRow = Omit<Awaited<ReturnType<typeof listMembers>>[number], 'roleRank' | 'joinedAtExact'>;

export async function findMember(db: DbOrTx, roleId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberFields)
    .from(groupRoles)
    .innerJoin(users, eq(users.id, groupRoles.userId))
    .where(eq(groupRoles.id, roleId))
    .limit(1);
  return row ?? null;
}

export async function insertMember(db: DbOrTx, values: { groupId: string; userId: string; role: GroupRole }) {
  await db.insert(groupRoles).values(values).onConflictDoNothing();
}

export async function updateMemberRole(db: DbOrTx, roleId: string, role: GroupRole) {
  await db.update(groupRoles).set({ role }).where(eq(groupRoles.id, roleId));
}

export async function deleteMember(db: DbOrTx, roleId: string) {
  await db.delete(groupRoles).where(eq(groupRoles.id, roleId));
}

/** The Owners and Moderators of a group: who hears of join requests. */
export async function listModeratorIds(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: groupRoles.userId })
    .from(groupRoles)
    .where(and(eq(groupRoles.groupId, groupId), inArray(groupRoles.role, ['Owner', 'Moderator'])));
  return rows.map((row) => row.userId);
}

export async function countOwners(db: DbOrTx, groupId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(groupRoles)
    .where(and(eq(groupRoles.groupId, groupId), eq(groupRoles.role, 'Owner')));
  return row?.value ?? 0;
}

// ---- join requests ----

const requestFields = {
  id: groupRequests.id,
  groupId: groupRequests.groupId,
  groupName: groups.name,
  userId: groupRequests.userId,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
  status: groupRequests.status,
  role: groupRequests.role,
  createdAt: groupRequests.createdAt,
};

function selectRequests(db: DbOrTx) {
  return db
    .select(requestFields)
    .from(groupRequests)
    .innerJoin(groups, eq(groups.id, groupRequests.groupId))
    .innerJoin(users, eq(users.id, groupRequests.userId));
}

export async function findRequest(db: DbOrTx, requestId: string): Promise<RequestRow | null> {
  const [row] = await selectRequests(db).where(eq(groupRequests.id, requestId)).limit(1);
  return row ?? null;
}

/** Pending requests to one group, oldest first. */
export async function listPendingRequestsOfGroup(db: DbOrTx, groupId: string) {
  return selectRequests(db)
    .where(and(eq(groupRequests.groupId, groupId), eq(groupRequests.status, 'pending')))
    .orderBy(asc(groupRequests.createdAt), asc(groupRequests.id));
}

/** Pending requests to every group where this member is Owner or Moderator, oldest first. */
export async function listPendingRequestsForModerator(db: DbOrTx, moderatorId: string) {
  return db
    .select({
      ...requestFields,
      /** The moderator's own role in the request's group: it decides the roles they may grant. */
      answererRole: sql<GroupRole>`(select gr.role from group_roles gr
        where gr.group_id = ${groupRequests.groupId} and gr.user_id = ${moderatorId})`,
    })
    .from(groupRequests)
    .innerJoin(groups, eq(groups.id, groupRequests.groupId))
    .innerJoin(users, eq(users.id, groupRequests.userId))
    .where(
      and(
        eq(groupRequests.status, 'pending'),
        sql`exists (select 1 from group_roles gr where gr.group_id = ${groupRequests.groupId}
          and gr.user_id = ${moderatorId} and gr.role in ('Owner', 'Moderator'))`,
      ),
    )
    .orderBy(asc(groupRequests.createdAt), asc(groupRequests.id));
}

/** How many requests wait in every group where this member is Owner or Moderator. */
export async function countPendingRequestsForModerator(db: DbOrTx, moderatorId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(groupRequests)
    .where(
      and(
        eq(groupRequests.status, 'pending'),
        sql`exists (select 1 from group_roles gr where gr.group_id = ${groupRequests.groupId}
          and gr.user_id = ${moderatorId} and gr.role in ('Owner', 'Moderator'))`,
      ),
    );
  return row?.value ?? 0;
}

export type RequestRow = Awaited<ReturnType<typeof listPendingRequestsOfGroup>>[number];

export async function hasPendingRequest(db: DbOrTx, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groupRequests.id })
    .from(groupRequests)
    .where(
      and(
        eq(groupRequests.groupId, groupId),
        eq(groupRequests.userId, userId),
        eq(groupRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertRequest(db: DbOrTx, values: { groupId: string; userId: string }) {
  const [row] = await db.insert(groupRequests).values(values).returning({ id: groupRequests.id });
  return row!;
}

/** Answers a request only while it is pending; null when someone answered it first. */
export async function answerPendingRequest(
  db: DbOrTx,
  requestId: string,
  answer: { status: 'accepted' | 'rejected'; role: GroupRole | null; answeredById: string },
) {
  const [row] = await db
    .update(groupRequests)
    .set({ ...answer, answeredAt: new Date() })
    .where(and(eq(groupRequests.id, requestId), eq(groupRequests.status, 'pending')))
    .returning({ id: groupRequests.id, groupId: groupRequests.groupId, userId: groupRequests.userId });
  return row ?? null;
}
