import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import {
  conversationParticipants,
  conversations,
  follows,
  messageFiles,
  messages,
  messagingSettings,
  userBlocks,
  users,
} from '../../db/schema';
import type { KeyCursor } from '../../http/key-cursor';
import type { Cursor } from '../../http/pagination';
import { readableMessagesCondition, type DatedBlock, type MessagingFacts } from '../../policies/visibility';
import type { PostFileRow } from '../posts/posts.repo';

/** Reads and writes of conversations, their participants and messages (ADR 060). */

export type ConversationRow = typeof conversations.$inferSelect;
export type ParticipantRow = typeof conversationParticipants.$inferSelect;

const exactMessageAt = sql<string>`to_char(messages.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function findConversation(db: DbOrTx, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

export async function findDirectConversation(db: DbOrTx, directKey: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.directKey, directKey)).limit(1);
  return row ?? null;
}

/** A new conversation; null when a direct one for the pair was made meanwhile (the unique key). */
export async function insertConversation(
  db: DbOrTx,
  values: { kind: 'direct' | 'circle'; name: string | null; directKey: string | null },
): Promise<ConversationRow | null> {
  const [row] = await db.insert(conversations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function renameConversation(db: DbOrTx, id: string, name: string) {
  await db.update(conversations).set({ name, updatedAt: new Date() }).where(eq(conversations.id, id));
}

export async function findPlace(
  db: DbOrTx,
  conversationId: string,
  userId: string,
): Promise<ParticipantRow | null> {
  const [row] = await db
    .select()
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Puts members in a conversation, each with their status, from now: a member who had left or
 * declined starts a new window (ADR 060: what was said while they were away stays unread by them).
 */
export async function joinConversation(
  db: DbOrTx,
  conversationId: string,
  joining: { userId: string; status: 'active' | 'request' }[],
) {
  if (joining.length === 0) return;
  await db
    .insert(conversationParticipants)
    .values(joining.map((member) => ({ conversationId, ...member })))
    .onConflictDoUpdate({
      target: [conversationParticipants.conversationId, conversationParticipants.userId],
      set: {
        status: sql`excluded.status`,
        joinedAt: sql`now()`,
        leftAt: null,
        lastReadMessageId: null,
        lastReadAt: null,
      },
    });
}

export async function updatePlace(
  db: DbOrTx,
  conversationId: string,
  userId: string,
  values: Partial<Pick<ParticipantRow, 'status' | 'muted'>> & { leave?: boolean },
) {
  const { leave, ...rest } = values;
  await db
    .update(conversationParticipants)
    .set({ ...rest, ...(leave ? { leftAt: sql`now()` } : {}) })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    );
}

/**
 * Moves a member's read mark to a message, forward only: the mark keeps the message's exact time,
 * so the unread count compares like with like. Returns whether it moved.
 */
export async function moveReadMark(db: DbOrTx, conversationId: string, userId: string, messageId: string) {
  const rows = await db.execute<{ user_id: string }>(sql`
    update conversation_participants cp
    set last_read_message_id = m.id, last_read_at = m.created_at
    from messages m
    where m.id = ${messageId} and m.conversation_id = cp.conversation_id
      and cp.conversation_id = ${conversationId} and cp.user_id = ${userId}
      and (cp.last_read_at is null or m.created_at > cp.last_read_at)
    returning cp.user_id`);
  return rowsOf(rows).length > 0;
}

/** Every participant row of these conversations, with how each member appears and shares reading. */
export async function listParticipants(db: DbOrTx, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      conversationId: conversationParticipants.conversationId,
      userId: conversationParticipants.userId,
      status: conversationParticipants.status,
      joinedAt: conversationParticipants.joinedAt,
      leftAt: conversationParticipants.leftAt,
      muted: conversationParticipants.muted,
      lastReadMessageId: conversationParticipants.lastReadMessageId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
      shareReadMarks: sql<boolean>`coalesce(${messagingSettings.shareReadMarks}, true)`.mapWith(Boolean),
    })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .leftJoin(messagingSettings, eq(messagingSettings.userId, conversationParticipants.userId))
    .where(inArray(conversationParticipants.conversationId, conversationIds));
}
export type ParticipantListRow = Awaited<ReturnType<typeof listParticipants>>[number];

/** Unread for the viewer: messages others sent after the viewer's read mark that the viewer may read. */
function unreadCondition(viewerId: string): SQL {
  return sql`${readableMessagesCondition(viewerId)} and messages.deleted_at is null
    and messages.sender_id is distinct from ${viewerId}
    and (my_cp.last_read_at is null or messages.created_at > my_cp.last_read_at)`;
}

/**
 * The viewer's conversations, newest activity first (the last message's time, or the creation's),
 * with the viewer's place, unread count and the last message they may read. `request`: open
 * requests; `active`: the rest they may still read (left ones included); `any`: both (one
 * conversation by `ids`). Never a declined one.
 */
export async function listConversationsFor(
  db: DbOrTx,
  viewerId: string,
  options: { status: 'active' | 'request' | 'any'; cursor: KeyCursor | null; limit: number; ids?: string[] },
) {
  const statusCondition = {
    request: sql`my_cp.status = 'request' and my_cp.left_at is null`,
    active: sql`(my_cp.status = 'active' or (my_cp.status = 'request' and my_cp.left_at is not null))`,
    any: sql`my_cp.status <> 'declined'`,
  }[options.status];
  const activity = sql`coalesce(c.last_message_at, c.created_at)`;
  const after = options.cursor
    ? sql`and (${activity}, c.id) < (${String(options.cursor.keys[0])}::timestamptz, ${options.cursor.id}::uuid)`
    : sql``;
  const only = options.ids ? sql`and c.id in ${options.ids.length ? options.ids : [null]}` : sql``;
  const result = await db.execute<ConversationListRaw>(sql`
    select c.id, c.kind, c.name, c.created_at, c.last_message_at,
      to_char(${activity} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as activity_exact,
      my_cp.status as my_status, my_cp.left_at as my_left_at, my_cp.muted as my_muted,
      (select count(*)::int from messages where messages.conversation_id = c.id and ${unreadCondition(viewerId)})
        as unread_count,
      (select json_build_object('id', messages.id, 'senderId', messages.sender_id,
          'contentEncrypted', messages.content_encrypted, 'deleted', messages.deleted_at is not null,
          'createdAt', messages.created_at, 'senderUsername', su.username,
          'senderFirstName', su.first_name, 'senderLastName', su.last_name)
        from messages left join users su on su.id = messages.sender_id
        where messages.conversation_id = c.id and ${readableMessagesCondition(viewerId)}
        order by messages.created_at desc, messages.id desc limit 1) as last_message
    from conversation_participants my_cp
    join conversations c on c.id = my_cp.conversation_id
    where my_cp.user_id = ${viewerId} and ${statusCondition} ${after} ${only}
    order by ${activity} desc, c.id desc
    limit ${options.limit + 1}`);
  return rowsOf<ConversationListRaw>(result).map((raw) => ({
    id: raw.id,
    kind: raw.kind,
    name: raw.name,
    createdAt: new Date(raw.created_at),
    activityExact: raw.activity_exact,
    myStatus: raw.my_status,
    myLeftAt: raw.my_left_at ? new Date(raw.my_left_at) : null,
    muted: Boolean(raw.my_muted),
    unreadCount: Number(raw.unread_count),
    lastMessage: raw.last_message
      ? { ...raw.last_message, createdAt: new Date(raw.last_message.createdAt) }
      : null,
  }));
}

interface ConversationListRaw extends Record<string, unknown> {
  id: string;
  kind: 'direct' | 'circle';
  name: string | null;
  created_at: string | Date;
  last_message_at: string | Date | null;
  activity_exact: string;
  my_status: 'active' | 'request' | 'declined';
  my_left_at: string | Date | null;
  my_muted: boolean;
  unread_count: number | string;
  last_message: LastMessageRaw | null;
}

interface LastMessageRaw {
  id: string;
  senderId: string | null;
  contentEncrypted: string | null;
  deleted: boolean;
  createdAt: string;
  senderUsername: string | null;
  senderFirstName: string | null;
  senderLastName: string | null;
}

export type ConversationListRow = Awaited<ReturnType<typeof listConversationsFor>>[number];

/** The file JSON of a message, as a post's (`PostFileRow`), in order. */
const messageFilesColumn = sql<PostFileRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', mf_file.id, 'position', mf.position, 'name', mf_file.name,
    'contentType', mf_file.content_type, 'size', mf_file.file_size,
    'width', mf_file.width, 'height', mf_file.height, 'alt', '',
    'durationMs', mf_file.duration_ms, 'hasPoster', mf_file.poster_key is not null
  ))
  from message_files mf join files mf_file on mf_file.id = mf.file_id
  where mf.message_id = messages.id
), '[]'::json)`;

/** A message as presented: its sender and files, and the message it answers when the viewer may read it. */
function messageColumns(viewerId: string) {
  return {
    id: messages.id,
    conversationId: messages.conversationId,
    senderId: messages.senderId,
    contentEncrypted: messages.contentEncrypted,
    replyToId: messages.replyToId,
    editedAt: messages.editedAt,
    deletedAt: messages.deletedAt,
    createdAt: messages.createdAt,
    createdAtExact: exactMessageAt,
    senderUsername: users.username,
    senderFirstName: users.firstName,
    senderLastName: users.lastName,
    senderAvatarFileId: users.avatarFileId,
    files: messageFilesColumn,
    replyTo: sql<ReplyRaw | null>`(
      select json_build_object('id', r.id, 'contentEncrypted', r.content_encrypted,
        'deleted', r.deleted_at is not null, 'senderUsername', ru.username,
        'senderFirstName', ru.first_name, 'senderLastName', ru.last_name,
        'senderDeleted', r.sender_id is null)
      from messages r left join users ru on ru.id = r.sender_id
      where r.id = messages.reply_to_id and ${replyReadable(viewerId)}
    )`,
  };
}

/** The answered message's own readability, its columns named `r.…` (the same rule as the policy's). */
function replyReadable(viewerId: string): SQL {
  return sql`exists (
    select 1 from conversation_participants rcp
    where rcp.conversation_id = r.conversation_id and rcp.user_id = ${viewerId}
      and rcp.status <> 'declined' and r.created_at >= rcp.joined_at
      and (rcp.left_at is null or r.created_at <= rcp.left_at)
  ) and (r.sender_id is null or r.sender_id = ${viewerId} or not exists (
    select 1 from user_blocks rmb
    where rmb.created_at <= r.created_at
      and ((rmb.blocker_id = ${viewerId} and rmb.blocked_id = r.sender_id)
        or (rmb.blocked_id = ${viewerId} and rmb.blocker_id = r.sender_id))
  ))`;
}

export interface ReplyRaw {
  id: string;
  contentEncrypted: string | null;
  deleted: boolean;
  senderUsername: string | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderDeleted: boolean;
}

/**
 * A page of a conversation's messages the viewer may read, newest first (`limit + 1` rows, for the
 * pager): keyset on (created_at, id), read backwards along `messages_conversation_created_idx` so
 * that an old page costs what the first does, and neither costs the conversation's length.
 *
 * The walk along the index is asked for, not left to the planner: the embedded engine has no
 * autovacuum, so a table's statistics are never gathered, and without them the planner guesses a
 * conversation holds a handful of rows and reads all of them to sort (10,000 messages: 20 ms a
 * page instead of 0.2 ms). Turning sorting and bitmap scans off for this one transaction (one
 * statement sets both) leaves it the ordered index scan, which is also what PostgreSQL's planner
 * picks with statistics.
 */
export async function listMessages(
  db: Db,
  conversationId: string,
  viewerId: string,
  page: { cursor: Cursor | null; limit: number },
) {
  const before = page.cursor
    ? sql`(${messages.createdAt}, ${messages.id}) < (${page.cursor.at}::timestamptz, ${page.cursor.id}::uuid)`
    : undefined;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
    );
    return tx
      .select(messageColumns(viewerId))
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(and(eq(messages.conversationId, conversationId), readableMessagesCondition(viewerId), before))
      .orderBy(sql`${messages.createdAt} desc`, sql`${messages.id} desc`)
      .limit(page.limit + 1);
  });
}
export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

/** One message as the viewer sees it; null when it does not exist or they may not read it. */
export async function findReadableMessage(db: DbOrTx, messageId: string, viewerId: string) {
  const [row] = await db
    .select(messageColumns(viewerId))
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.id, messageId), readableMessagesCondition(viewerId)))
    .limit(1);
  return row ?? null;
}

/** A message's bare row, whoever asks (the live audience decides with the policy). */
export async function findMessageFacts(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.id, messageId))
    .limit(1);
  return row ?? null;
}

export async function insertMessage(
  db: DbOrTx,
  values: {
    id: string;
    conversationId: string;
    senderId: string;
    contentEncrypted: string;
    replyToId: string | null;
  },
) {
  const [row] = await db.insert(messages).values(values).returning({ createdAt: messages.createdAt });
  await db
    .update(conversations)
    .set({ lastMessageAt: row!.createdAt, updatedAt: new Date() })
    .where(eq(conversations.id, values.conversationId));
}

export async function updateMessageText(db: DbOrTx, messageId: string, contentEncrypted: string) {
  await db.update(messages).set({ contentEncrypted, editedAt: new Date() }).where(eq(messages.id, messageId));
}

/** Deleted for everyone: the text and the files go, the row stays as "Message deleted". */
export async function deleteMessageContent(db: DbOrTx, messageId: string) {
  await db.delete(messageFiles).where(eq(messageFiles.messageId, messageId));
  await db
    .update(messages)
    .set({ contentEncrypted: null, deletedAt: new Date() })
    .where(eq(messages.id, messageId));
}

/**
 * Every message the member may read, in every conversation they have a place in, oldest first per
 * conversation (the data export: the same rule as every other read).
 */
export async function listReadableMessagesOf(db: DbOrTx, userId: string) {
  return db
    .select(messageColumns(userId))
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(readableMessagesCondition(userId))
    .orderBy(messages.conversationId, messages.createdAt, messages.id);
}

/**
 * A reported message and the message just before and just after it that its reporter could read
 * (ADR 060): what the reviewing admin sees, and nothing else of the conversation.
 */
export async function listReportedContext(db: DbOrTx, messageId: string, reporterId: string) {
  const [reported] = await db
    .select({ conversationId: messages.conversationId, at: exactMessageAt })
    .from(messages)
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!reported) return [];
  const neighbour = (direction: 'before' | 'after') =>
    db
      .select(messageColumns(reporterId))
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(
        and(
          eq(messages.conversationId, reported.conversationId),
          readableMessagesCondition(reporterId),
          direction === 'before'
            ? sql`(${messages.createdAt}, ${messages.id}) < (${reported.at}::timestamptz, ${messageId}::uuid)`
            : sql`(${messages.createdAt}, ${messages.id}) > (${reported.at}::timestamptz, ${messageId}::uuid)`,
        ),
      )
      .orderBy(
        direction === 'before' ? sql`${messages.createdAt} desc` : messages.createdAt,
        direction === 'before' ? sql`${messages.id} desc` : messages.id,
      )
      .limit(1);
  const [self] = await db
    .select(messageColumns(reporterId))
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId))
    .limit(1);
  return [...(await neighbour('before')), self!, ...(await neighbour('after'))];
}

/** The newest `limit` messages the member may read, not deleted (the candidates of a message search). */
export async function listNewestReadableMessages(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(messageColumns(userId))
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(readableMessagesCondition(userId), sql`${messages.deletedAt} is null`))
    .orderBy(sql`${messages.createdAt} desc`, sql`${messages.id} desc`)
    .limit(limit);
}

/** A deleted account's messages lose their text for everyone (their files go with the account's files). */
export async function eraseMessageTextOf(db: DbOrTx, userId: string) {
  await db.update(messages).set({ contentEncrypted: null }).where(eq(messages.senderId, userId));
}

/**
 * Of these file ids, the ones this member may attach to a message: theirs, uploaded, message
 * attachments, on no message yet (`message_files_file_idx` refuses a second one at commit).
 */
export async function findAttachableMessageFiles(db: DbOrTx, fileIds: string[], userId: string) {
  if (fileIds.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    select f.id from files f
    where f.id in ${fileIds} and f.user_id = ${userId} and f.status = 'uploaded'
      and f.file_type = 'message_attachment'
      and not exists (select 1 from message_files mf where mf.file_id = f.id)`);
  return rowsOf<{ id: string }>(rows);
}

export async function insertMessageFiles(db: DbOrTx, messageId: string, fileIds: string[]) {
  if (fileIds.length === 0) return;
  await db.insert(messageFiles).values(fileIds.map((fileId, position) => ({ messageId, fileId, position })));
}

/** Members among `ids` who exist and confirmed their account. */
export async function existingMembers(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.confirmedAt} is not null`));
  return new Set(rows.map((row) => row.id));
}

/**
 * What the who-may-write rule needs about `senderId` and each of `others`: follows both ways, a
 * shared group, a block either way, and each one's choice. A few queries, whatever the number.
 */
export async function messagingFacts(
  db: DbOrTx,
  senderId: string,
  others: string[],
): Promise<Map<string, MessagingFacts>> {
  const facts = new Map<string, MessagingFacts>();
  if (others.length === 0) return facts;
  const followRows = await db
    .select({ followerId: follows.followerId, followeeId: follows.followeeId })
    .from(follows)
    .where(
      or(
        and(eq(follows.followerId, senderId), inArray(follows.followeeId, others)),
        and(eq(follows.followeeId, senderId), inArray(follows.followerId, others)),
      ),
    );
  const blockRows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, senderId), inArray(userBlocks.blockedId, others)),
        and(eq(userBlocks.blockedId, senderId), inArray(userBlocks.blockerId, others)),
      ),
    );
  const shared = await db.execute<{ user_id: string }>(sql`
    select distinct theirs.user_id from group_roles theirs
    join group_roles mine on mine.group_id = theirs.group_id and mine.user_id = ${senderId}
    where theirs.user_id in ${others}`);
  const settings = await db
    .select({ userId: messagingSettings.userId, who: messagingSettings.whoMayMessage })
    .from(messagingSettings)
    .where(inArray(messagingSettings.userId, others));
  const sharing = new Set(rowsOf<{ user_id: string }>(shared).map((row) => row.user_id));
  for (const other of others) {
    facts.set(other, {
      recipientFollowsSender: followRows.some((row) => row.followerId === other),
      senderFollowsRecipient: followRows.some((row) => row.followeeId === other),
      shareAGroup: sharing.has(other),
      blocked: blockRows.some((row) => row.blockerId === other || row.blockedId === other),
      recipientAllows: settings.find((row) => row.userId === other)?.who ?? 'everyone_connected',
    });
  }
  return facts;
}

/** The blocks, with their dates, between any of `members` and any of `others`. */
export async function datedBlocksBetween(
  db: DbOrTx,
  members: string[],
  others: string[],
): Promise<DatedBlock[]> {
  if (members.length === 0 || others.length === 0) return [];
  return db
    .select({
      blockerId: userBlocks.blockerId,
      blockedId: userBlocks.blockedId,
      createdAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .where(
      or(
        and(inArray(userBlocks.blockerId, members), inArray(userBlocks.blockedId, others)),
        and(inArray(userBlocks.blockedId, members), inArray(userBlocks.blockerId, others)),
      ),
    );
}

/** The participant rows of one conversation for these members (the live audience's question). */
export async function placesOf(db: DbOrTx, conversationId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        inArray(conversationParticipants.userId, userIds),
      ),
    );
}

/** Every member with a place in the conversation (the audience of its live events, before the policy). */
export async function participantIds(db: DbOrTx, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
  return rows.map((row) => row.userId);
}

export async function loadMessagingSettings(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(messagingSettings)
    .where(eq(messagingSettings.userId, userId))
    .limit(1);
  return {
    whoMayMessage: row?.whoMayMessage ?? ('everyone_connected' as const),
    shareReadMarks: row?.shareReadMarks ?? true,
  };
}

export async function saveMessagingSettings(
  db: DbOrTx,
  userId: string,
  values: { whoMayMessage: 'everyone_connected' | 'following'; shareReadMarks: boolean },
) {
  await db
    .insert(messagingSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: messagingSettings.userId, set: { ...values, updatedAt: new Date() } });
}

/**
 * The badge numbers (GET /api/me/counts): unread messages in the member's active, unmuted
 * conversations, and their open requests.
 */
export async function countMessageBadges(db: DbOrTx, viewerId: string) {
  const result = await db.execute<{ unread: number | string; requests: number | string }>(sql`
    select
      (select count(*)::int from conversation_participants my_cp
        join messages on messages.conversation_id = my_cp.conversation_id
        where my_cp.user_id = ${viewerId} and my_cp.status = 'active' and my_cp.left_at is null
          and not my_cp.muted and ${unreadCondition(viewerId)}) as unread,
      (select count(*)::int from conversation_participants
        where user_id = ${viewerId} and status = 'request' and left_at is null) as requests`);
  const [row] = rowsOf<{ unread: number | string; requests: number | string }>(result);
  return { unread: Number(row?.unread ?? 0), requests: Number(row?.requests ?? 0) };
}
