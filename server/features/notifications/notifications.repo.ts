// Raw SQL: the inbox folds grouped rows into one line, which the query builder cannot say plainly.
// Correlated conditions name `posts`/`links` literally (see server/policies/visibility.ts).
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/domain/constants';
import { type DbOrTx, rowsOf } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import {
  notBlockedCondition,
  toldOfMessagesCondition,
  type ViewerId,
  visibleEventsCondition,
  visibleLinksCondition,
  visiblePostsCondition,
} from '../../policies/visibility';

/** One inbox line as the database gives it: the newest row of its group, with what the text needs. */
export interface NotificationLineRow {
  id: string;
  kind: NotificationKind;
  createdAtExact: string;
  createdAt: Date;
  unread: boolean;
  othersCount: number;
  /**
   * A `group_post` or `message` line: how many of its rows are unread ("3 new posts in …", "Ana sent
   * you 3 messages"); 0 for other kinds.
   */
  unreadRows: number;
  actorId: string | null;
  actorUsername: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorAvatarFileId: string | null;
  postId: string | null;
  postTitle: string | null;
  commentId: string | null;
  linkId: string | null;
  linkTitle: string | null;
  linkCommentId: string | null;
  groupId: string | null;
  groupName: string | null;
  /** An event's news (ADR 057) and the event's title now. */
  eventId: string | null;
  eventTitle: string | null;
  /** A `message` line's conversation (ADR 060): its id, whether a circle, and its name now. */
  conversationId: string | null;
  conversationKind: 'direct' | 'circle' | null;
  conversationName: string | null;
  groupKey: string | null;
  data: Record<string, unknown>;
}

/**
 * The recipient's notifications that may still be shown, as `from … where …` over `alias`: a post or
 * link they may no longer see (they left the group, the link went private) hides its notifications;
 * a join request hides once they no longer answer the group's requests; nothing from a member either
 * side has since blocked shows; a message shows while the policy tells the member of it (readable,
 * not deleted, the conversation accepted, not muted, not left). Each use joins `posts` and `links` of its own (the visibility
 * conditions name them), so it can be nested inside another: the inner names are the nearer ones.
 */
function shownFrom(alias: 'n' | 's', recipientId: ViewerId, extra: SQL = sql`true`): SQL {
  const row = sql.raw(alias);
  return sql`
    from notifications ${row}
    left join posts on posts.id = ${row}.post_id
    left join links on links.id = ${row}.link_id
    left join group_events on group_events.id = ${row}.event_id
    where ${row}.recipient_id = ${recipientId}
      and (${row}.post_id is null or ${visiblePostsCondition(recipientId)})
      and (${row}.link_id is null or ${visibleLinksCondition(recipientId)})
      and (${row}.event_id is null or ${visibleEventsCondition(recipientId)})
      and (${row}.message_id is null or exists (
        select 1 from messages where messages.id = ${row}.message_id and ${toldOfMessagesCondition(recipientId)}))
      and (${row}.kind <> 'join_request' or exists (
        select 1 from group_roles gr
        where gr.group_id = ${row}.group_id and gr.user_id = ${recipientId} and gr.role in ('Owner', 'Moderator')))
      and (${row}.actor_id is null or ${notBlockedCondition(recipientId, sql.raw(`${alias}.actor_id`))})
      and ${extra}`;
}

/**
 * The inbox's lines: each group of rows (one `group_key`, or a row alone) as its newest shown row,
 * newest first, then what the line shows. A row is a line's head when no newer shown row shares its
 * group, so the lines are read in the order of the recipient's index and the scan stops at the page's
 * end: visibility is checked for the rows on the page, not for every notification the member has
 * (3,488 unread: 37-46 ms a page, when each was checked and then grouped). `where` (on `n`, the
 * head) and `tail` (order and limit) pick the lines; unread and others are worked out for those.
 */
function lineQuery(recipientId: ViewerId, where: SQL, tail: SQL): SQL {
  const isHead = sql`(n.group_key is null or not exists (select 1 ${shownFrom(
    's',
    recipientId,
    sql`s.group_key = n.group_key and (s.created_at, s.id) > (n.created_at, n.id)`,
  )}))`;
  return sql`
    with picked as (
      select n.* ${shownFrom('n', recipientId, sql`${where} and ${isHead}`)}
      ${tail}
    )
    select
      h.id, h.kind, h.created_at, h.post_id, h.comment_id, h.link_id, h.link_comment_id, h.group_id,
      h.event_id, ev.title as event_title,
      cv.id as conversation_id, cv.kind as conversation_kind, cv.name as conversation_name,
      h.group_key, h.data, h.actor_id,
      to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_exact,
      case when h.group_key is null then h.read_at is null
        else exists (select 1 ${shownFrom('s', recipientId, sql`s.group_key = h.group_key and s.read_at is null`)})
      end as unread,
      case when h.group_key is null then 0
        else (select count(distinct s.actor_id) ${shownFrom(
          's',
          recipientId,
          sql`s.group_key = h.group_key and s.actor_id is distinct from h.actor_id`,
        )}) end as others_count,
      case when h.kind in ('group_post', 'message') then (select count(*) ${shownFrom(
        's',
        recipientId,
        sql`s.group_key = h.group_key and s.read_at is null`,
      )}) else 0 end as unread_rows,
      a.username as actor_username, a.first_name as actor_first_name, a.last_name as actor_last_name,
      a.avatar_file_id as actor_avatar_file_id,
      p.tldr as post_title,
      coalesce(l.title, l.url) as link_title,
      g.name as group_name
    from picked h
    left join users a on a.id = h.actor_id
    left join posts p on p.id = h.post_id
    left join links l on l.id = h.link_id
    left join groups g on g.id = h.group_id
    left join group_events ev on ev.id = h.event_id
    left join messages hm on hm.id = h.message_id
    left join conversations cv on cv.id = hm.conversation_id
    order by h.created_at desc, h.id desc`;
}

interface RawLine {
  id: string;
  kind: NotificationKind;
  created_at_exact: string;
  post_id: string | null;
  comment_id: string | null;
  link_id: string | null;
  link_comment_id: string | null;
  group_id: string | null;
  event_id: string | null;
  event_title: string | null;
  conversation_id: string | null;
  conversation_kind: 'direct' | 'circle' | null;
  conversation_name: string | null;
  group_key: string | null;
  data: Record<string, unknown> | string | null;
  actor_id: string | null;
  unread: boolean;
  others_count: number | string;
  unread_rows: number | string;
  actor_username: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_avatar_file_id: string | null;
  post_title: string | null;
  link_title: string | null;
  group_name: string | null;
}

function toLine(raw: RawLine): NotificationLineRow {
  const data = typeof raw.data === 'string' ? (JSON.parse(raw.data) as Record<string, unknown>) : raw.data;
  return {
    id: raw.id,
    kind: raw.kind,
    createdAtExact: raw.created_at_exact,
    createdAt: new Date(raw.created_at_exact),
    unread: Boolean(raw.unread),
    othersCount: Number(raw.others_count),
    unreadRows: Number(raw.unread_rows),
    actorId: raw.actor_id,
    actorUsername: raw.actor_username,
    actorFirstName: raw.actor_first_name,
    actorLastName: raw.actor_last_name,
    actorAvatarFileId: raw.actor_avatar_file_id,
    postId: raw.post_id,
    postTitle: raw.post_title,
    commentId: raw.comment_id,
    linkId: raw.link_id,
    linkTitle: raw.link_title,
    linkCommentId: raw.link_comment_id,
    groupId: raw.group_id,
    groupName: raw.group_name,
    eventId: raw.event_id,
    eventTitle: raw.event_title,
    conversationId: raw.conversation_id,
    conversationKind: raw.conversation_kind,
    conversationName: raw.conversation_name,
    groupKey: raw.group_key,
    data: data ?? {},
  };
}

/** Newest first, keyset paged on the line's newest row; `limit + 1` rows so the caller knows of more. */
export async function listNotificationLines(
  db: DbOrTx,
  recipientId: string,
  { cursor, limit }: { cursor: Cursor | null; limit: number },
): Promise<NotificationLineRow[]> {
  const where = cursor
    ? sql`(n.created_at, n.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql`true`;
  const result = await db.execute(
    lineQuery(recipientId, where, sql`order by n.created_at desc, n.id desc limit ${limit + 1}`),
  );
  return rowsOf<RawLine>(result).map(toLine);
}

/** One line by the id of any row in it (a mail names a row), if it may still be shown. */
export async function findNotificationLine(
  db: DbOrTx,
  recipientId: string,
  id: string,
): Promise<NotificationLineRow | null> {
  const result = await db.execute(
    lineQuery(
      recipientId,
      sql`(n.id = ${id} or n.group_key = (select group_key from notifications where id = ${id}))`,
      sql`limit 1`,
    ),
  );
  const [row] = rowsOf<RawLine>(result);
  return row ? toLine(row) : null;
}

/**
 * The lines of many (recipient, row) pairs in one query, each as findNotificationLine reads it (its
 * recipient's visibility, its group folded): Web Push's deliveries of a group post read a thousand
 * members' lines in ten statements instead of a thousand. Keyed `recipientId:id`; a pair whose line
 * may no longer be shown is absent.
 */
export async function findNotificationLines(
  db: DbOrTx,
  pairs: Array<{ recipientId: string; id: string }>,
): Promise<Map<string, NotificationLineRow>> {
  if (pairs.length === 0) return new Map();
  const wanted = sql.join(
    pairs.map((pair) => sql`(${pair.recipientId}::uuid, ${pair.id}::uuid)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select wanted.recipient_id as wanted_recipient_id, wanted.id as wanted_id, line.*
    from (values ${wanted}) as wanted (recipient_id, id)
    cross join lateral (${lineQuery(
      sql.raw('wanted.recipient_id'),
      sql`(n.id = wanted.id or n.group_key = (select group_key from notifications where id = wanted.id))`,
      sql`limit 1`,
    )}) as line`);
  const rows = rowsOf<RawLine & { wanted_recipient_id: string; wanted_id: string }>(result);
  return new Map(rows.map((row) => [`${row.wanted_recipient_id}:${row.wanted_id}`, toLine(row)]));
}

/**
 * Unread lines: a group counts once. Message lines are not counted: the Messages entry has its own
 * badge (`unread_messages`), and one message should not be owed twice (ADR 060).
 */
export async function countUnreadLines(db: DbOrTx, recipientId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(distinct coalesce(s.group_key, s.id::text))::int as count
    ${shownFrom('s', recipientId, sql`s.read_at is null and s.kind <> 'message'`)}`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/** The recipient's own row (another member's id finds nothing). */
export async function findOwnNotification(db: DbOrTx, recipientId: string, id: string) {
  const [row] = await db
    .select({ id: notifications.id, groupKey: notifications.groupKey })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)));
  return row ?? null;
}

/** Marks a row, and every row of its group, read. */
export async function markLineRead(
  db: DbOrTx,
  recipientId: string,
  row: { id: string; groupKey: string | null },
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        row.groupKey
          ? or(eq(notifications.id, row.id), eq(notifications.groupKey, row.groupKey))
          : eq(notifications.id, row.id),
      ),
    );
}

export async function markAllRead(db: DbOrTx, recipientId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
}

/** A like taken back is not news: its unread notification goes. */
export async function deleteUnreadInGroup(
  db: DbOrTx,
  line: { recipientId: string; actorId: string; groupKey: string },
): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.recipientId, line.recipientId),
        eq(notifications.actorId, line.actorId),
        eq(notifications.groupKey, line.groupKey),
        isNull(notifications.readAt),
      ),
    );
}

/** The group key of a conversation's message line: one line per conversation (ADR 060). */
export const messageLineKey = (conversationId: string) => `message:${conversationId}`;

/**
 * Reading a conversation reads its message line: the member's message notifications of messages
 * sent at or before the one their read mark is on.
 */
export async function markMessagesRead(
  db: DbOrTx,
  recipientId: string,
  conversationId: string,
  upToMessageId: string,
): Promise<void> {
  await db.execute(sql`
    update notifications set read_at = now()
    where recipient_id = ${recipientId} and group_key = ${messageLineKey(conversationId)} and read_at is null
      and message_id in (
        select m.id from messages m
        where m.conversation_id = ${conversationId}
          and m.created_at <= (select created_at from messages where id = ${upToMessageId}))`);
}
