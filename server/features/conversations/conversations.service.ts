import { randomUUID } from 'node:crypto';
import type { Conversation, Message } from '../../../shared/api/conversations';
import type { ReportedMessage } from '../../../shared/api/reports';
import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES } from '../../../shared/domain/conversations';
import type { DbOrTx } from '../../db/client';
import { forbidden, invalidField, notFound } from '../../http/errors';
import type { KeyCursor } from '../../http/key-cursor';
import type { Cursor } from '../../http/pagination';
import { canAddToConversation, canMessageMember, isConversationParticipant } from '../../policies/visibility';
import { publishLiveEvent } from '../events/live-events';
import { markMessagesRead, messageLineKey } from '../notifications/notifications.repo';
import { notify } from '../notifications/notify';
import { decryptMessageText, encryptMessageText, type MessageKeyConfig } from './message-crypto';
import { isCurrent, messagePreview, presentConversation, presentMessage } from './conversations.presenter';
import {
  deleteMessageContent,
  existingMembers,
  findAttachableMessageFiles,
  findConversation,
  findDirectConversation,
  findPlace,
  findReadableMessage,
  insertConversation,
  insertMessage,
  insertMessageFiles,
  joinConversation,
  listConversationsFor,
  listMessages,
  listNewestReadableMessages,
  listReportedContext,
  listReadableMessagesOf,
  listParticipants,
  messagingFacts,
  moveReadMark,
  participantIds,
  renameConversation,
  updateMessageText,
  updatePlace,
  type ConversationListRow,
  type MessageRow,
  type ParticipantRow,
} from './conversations.repo';

/**
 * Private conversations (issue 31, ADR 060). Every call first finds the viewer's place: no place
 * (or a declined request) is a 404, as for a conversation that never existed; which messages they
 * read is the policy's `readableMessagesCondition`, in every query.
 */

export interface ConversationContext {
  db: DbOrTx;
  config: MessageKeyConfig;
}

const cannotMessage = () => forbidden(CONVERSATION_MESSAGES.cannotMessage);

/** The viewer's place in the conversation; 404 when they have none. */
export async function loadPlace(
  db: DbOrTx,
  conversationId: string,
  viewerId: string,
): Promise<ParticipantRow> {
  const place = await findPlace(db, conversationId, viewerId);
  if (!isConversationParticipant(place)) throw notFound();
  return place;
}

/** A place the viewer may write from: they have not left. */
async function loadCurrentPlace(db: DbOrTx, conversationId: string, viewerId: string) {
  const place = await loadPlace(db, conversationId, viewerId);
  if (place.leftAt !== null) throw forbidden();
  return place;
}

/** A stored text, or null when it cannot be read (another key, or altered): never shown as garbage. */
function readText(context: ConversationContext, messageId: string, stored: string | null): string | null {
  if (stored === null) return null;
  try {
    return decryptMessageText(context.config, messageId, stored);
  } catch {
    return null;
  }
}

/** The conversations of these list rows as the viewer sees them. */
async function presentConversations(
  context: ConversationContext,
  viewerId: string,
  rows: ConversationListRow[],
): Promise<Conversation[]> {
  const participants = await listParticipants(
    context.db,
    rows.map((row) => row.id),
  );
  const otherOfDirect = new Map<string, string>();
  for (const row of rows) {
    const other = participants.find(
      (p) => p.conversationId === row.id && p.userId !== viewerId && isCurrent(p),
    );
    if (row.kind === 'direct' && other) otherOfDirect.set(row.id, other.userId);
  }
  const facts = await messagingFacts(context.db, viewerId, [...new Set(otherOfDirect.values())]);
  return rows.map((row) => {
    const other = otherOfDirect.get(row.id);
    const otherFacts = other ? facts.get(other) : undefined;
    const canWrite =
      row.myLeftAt === null &&
      (row.kind === 'circle' || (otherFacts !== undefined && canMessageMember(otherFacts)));
    const last = row.lastMessage;
    return presentConversation(row, {
      viewerId,
      participants: participants.filter((p) => p.conversationId === row.id),
      canWrite,
      lastText: last ? readText(context, last.id, last.contentEncrypted) : null,
    });
  });
}

export async function listConversations(
  context: ConversationContext,
  viewerId: string,
  options: { status: 'active' | 'request'; cursor: KeyCursor | null; limit: number },
) {
  const rows = await listConversationsFor(context.db, viewerId, options);
  return { rows, present: (page: ConversationListRow[]) => presentConversations(context, viewerId, page) };
}

/** One conversation as the viewer sees it; 404 without a place in it. */
export async function loadConversation(
  context: ConversationContext,
  conversationId: string,
  viewerId: string,
): Promise<Conversation> {
  await loadPlace(context.db, conversationId, viewerId);
  const rows = await listConversationsFor(context.db, viewerId, {
    status: 'any',
    cursor: null,
    limit: 1,
    ids: [conversationId],
  });
  if (!rows[0]) throw notFound();
  const [conversation] = await presentConversations(context, viewerId, rows.slice(0, 1));
  return conversation!;
}

/** Tells the conversation's participants (those the policy lets hear it) that it changed. */
async function announceConversation(db: DbOrTx, conversationId: string) {
  await publishLiveEvent(
    db,
    { userIds: await participantIds(db, conversationId) },
    { type: 'conversation.updated', conversationId },
  );
}

/**
 * Whether `senderId` may write to `recipientId` now: the who-may-write rule a conversation is
 * started and a direct message sent under (canMessageMember), for the profile's "Message" button.
 */
export async function mayMessageMember(db: DbOrTx, senderId: string, recipientId: string): Promise<boolean> {
  const facts = (await messagingFacts(db, senderId, [recipientId])).get(recipientId);
  return facts !== undefined && canMessageMember(facts);
}

/**
 * The members `actorId` names, checked: each exists, is not the actor, and `allowed` by the rule.
 * Unknown ids are a 422 on `user_ids`; a member the actor may not reach, a 403.
 */
async function checkedMembers(
  db: DbOrTx,
  actorId: string,
  userIds: string[],
  allowed: typeof canMessageMember,
): Promise<{ userId: string; followsActor: boolean }[]> {
  const others = userIds.filter((id) => id !== actorId);
  if (others.length === 0) throw invalidField('user_ids', 'must name someone other than you');
  const existing = await existingMembers(db, others);
  if (others.some((id) => !existing.has(id)))
    throw invalidField('user_ids', 'names a member who does not exist');
  const facts = await messagingFacts(db, actorId, others);
  if (others.some((id) => !allowed(facts.get(id)!))) throw cannotMessage();
  return others.map((userId) => ({ userId, followsActor: facts.get(userId)!.recipientFollowsSender }));
}

/** A member who does not follow the one who brings them in gets the conversation as a request. */
const arrivalStatus = (member: { followsActor: boolean }) => (member.followsActor ? 'active' : 'request');

/**
 * Starts a conversation: one other member and no name makes the pair's one direct conversation
 * (returned as it is when it exists, `created: false`, with the creator back in it if they had
 * left); more, or a name, a circle.
 */
export async function createConversation(
  context: ConversationContext,
  creatorId: string,
  input: { userIds: string[]; name: string | null },
): Promise<{ conversation: Conversation; created: boolean }> {
  const id = await context.db.transaction(async (tx) => {
    const members = await checkedMembers(tx, creatorId, input.userIds, canMessageMember);
    if (members.length === 1 && input.name === null) {
      const directKey = [creatorId, members[0]!.userId].sort().join(':');
      const made = await insertConversation(tx, { kind: 'direct', name: null, directKey });
      if (made) {
        await joinConversation(tx, made.id, [
          { userId: creatorId, status: 'active' },
          { userId: members[0]!.userId, status: arrivalStatus(members[0]!) },
        ]);
        await announceConversation(tx, made.id);
        return { id: made.id, created: true };
      }
      const existing = (await findDirectConversation(tx, directKey))!;
      const place = await findPlace(tx, existing.id, creatorId);
      if (!place || place.leftAt !== null) {
        await joinConversation(tx, existing.id, [{ userId: creatorId, status: 'active' }]);
        await announceConversation(tx, existing.id);
      }
      return { id: existing.id, created: false };
    }
    const made = (await insertConversation(tx, { kind: 'circle', name: input.name, directKey: null }))!;
    await joinConversation(tx, made.id, [
      { userId: creatorId, status: 'active' },
      ...members.map((member) => ({ userId: member.userId, status: arrivalStatus(member) }) as const),
    ]);
    await announceConversation(tx, made.id);
    return { id: made.id, created: true };
  });
  return { conversation: await loadConversation(context, id.id, creatorId), created: id.created };
}

/** Any current participant names a circle; a direct conversation has no name. */
export async function renameCircle(
  context: ConversationContext,
  conversationId: string,
  viewerId: string,
  name: string,
) {
  await context.db.transaction(async (tx) => {
    await loadCurrentPlace(tx, conversationId, viewerId);
    const conversation = (await findConversation(tx, conversationId))!;
    if (conversation.kind === 'direct') throw invalidField('name', CONVERSATION_MESSAGES.directIsForTwo);
    await renameConversation(tx, conversationId, name);
    await announceConversation(tx, conversationId);
  });
  return loadConversation(context, conversationId, viewerId);
}

/** A current participant adds people to a circle, up to 20 in all, each one they may add (ADR 060). */
export async function addParticipants(
  context: ConversationContext,
  conversationId: string,
  adderId: string,
  userIds: string[],
) {
  await context.db.transaction(async (tx) => {
    await loadCurrentPlace(tx, conversationId, adderId);
    const conversation = (await findConversation(tx, conversationId))!;
    if (conversation.kind === 'direct') throw invalidField('user_ids', CONVERSATION_MESSAGES.directIsForTwo);
    const presentIds = new Set(
      (await listParticipants(tx, [conversationId])).filter((p) => p.leftAt === null).map((p) => p.userId),
    );
    // Someone already in is no one to add (and nothing to refuse).
    const toAdd = userIds.filter((id) => !presentIds.has(id) && id !== adderId);
    const joining = toAdd.length ? await checkedMembers(tx, adderId, toAdd, canAddToConversation) : [];
    if (presentIds.size + joining.length > CONVERSATION_LIMITS.participants) {
      throw invalidField('user_ids', CONVERSATION_MESSAGES.tooManyParticipants);
    }
    await joinConversation(
      tx,
      conversationId,
      joining.map((member) => ({ userId: member.userId, status: arrivalStatus(member) })),
    );
    await announceConversation(tx, conversationId);
  });
  return loadConversation(context, conversationId, adderId);
}

/** Leaving keeps what was said while the member was there (their window) and ends the rest. */
export async function leaveConversation(db: DbOrTx, conversationId: string, viewerId: string) {
  await db.transaction(async (tx) => {
    const place = await loadPlace(tx, conversationId, viewerId);
    if (place.leftAt !== null) return;
    await updatePlace(tx, conversationId, viewerId, { leave: true });
    await announceConversation(tx, conversationId);
  });
}

export async function setMuted(db: DbOrTx, conversationId: string, viewerId: string, muted: boolean) {
  await loadPlace(db, conversationId, viewerId);
  await updatePlace(db, conversationId, viewerId, { muted });
}

/** A request accepted becomes an ordinary conversation (counted, pushed, mailed). */
export async function acceptRequest(context: ConversationContext, conversationId: string, viewerId: string) {
  await context.db.transaction(async (tx) => {
    const place = await loadCurrentPlace(tx, conversationId, viewerId);
    if (place.status === 'request') {
      await updatePlace(tx, conversationId, viewerId, { status: 'active' });
      await announceConversation(tx, conversationId);
    }
  });
  return loadConversation(context, conversationId, viewerId);
}

/**
 * A request declined is gone for the member (404 from then on) and they read nothing more of it;
 * the others are not told: they still see them in it.
 */
export async function declineRequest(db: DbOrTx, conversationId: string, viewerId: string) {
  const place = await loadCurrentPlace(db, conversationId, viewerId);
  if (place.status !== 'request') throw invalidField('base', 'is not a request');
  await updatePlace(db, conversationId, viewerId, { status: 'declined', leave: true });
}

/** Moves the viewer's read mark to a message they may read in this conversation (forward only). */
export async function markRead(db: DbOrTx, conversationId: string, viewerId: string, messageId: string) {
  await loadPlace(db, conversationId, viewerId);
  const message = await findReadableMessage(db, messageId, viewerId);
  if (!message || message.conversationId !== conversationId) {
    throw invalidField('message_id', 'is not a message of this conversation');
  }
  await db.transaction(async (tx) => {
    if (await moveReadMark(tx, conversationId, viewerId, messageId)) {
      await announceConversation(tx, conversationId);
    }
    // What was read in the thread is not owed again in the Inbox.
    await markMessagesRead(tx, viewerId, conversationId, messageId);
  });
}

function messageView(context: ConversationContext, viewerId: string, row: MessageRow, now = new Date()) {
  return presentMessage(row, {
    viewerId,
    now,
    text: readText(context, row.id, row.contentEncrypted),
    replyText: row.replyTo ? readText(context, row.replyTo.id, row.replyTo.contentEncrypted) : null,
  });
}

/** A page of the messages the viewer may read (`limit + 1` rows, newest first) and how to present them. */
export async function loadMessagePage(
  context: ConversationContext,
  conversationId: string,
  viewerId: string,
  page: { cursor: Cursor | null; limit: number },
) {
  await loadPlace(context.db, conversationId, viewerId);
  const rows = await listMessages(context.db, conversationId, viewerId, page);
  const now = new Date();
  return { rows, present: (row: MessageRow) => messageView(context, viewerId, row, now) };
}

/** One message as the viewer sees it; 404 when they may not read it. */
export async function loadMessage(
  context: ConversationContext,
  messageId: string,
  viewerId: string,
): Promise<Message> {
  const row = await findReadableMessage(context.db, messageId, viewerId);
  if (!row) throw notFound();
  return messageView(context, viewerId, row);
}

/** Tells those who may read the message (the policy decides, per member) that it came or changed. */
async function announceMessage(
  db: DbOrTx,
  type: 'message.created' | 'message.updated' | 'message.deleted',
  conversationId: string,
  messageId: string,
) {
  await publishLiveEvent(
    db,
    { userIds: await participantIds(db, conversationId) },
    { type, conversationId, messageId },
  );
}

/**
 * Sends a message. The sender must still be in the conversation; in a direct one the who-may-write
 * rule holds at every message (a block, or the other's choice, ends it). Replying to a request
 * accepts it. The text is encrypted before it reaches the database. The others hear of it through
 * `notify` (one inbox line per conversation, push, a mail if still unread after a quiet period),
 * except those the policy keeps it from: a request not accepted, a muted conversation, a block.
 */
export async function sendMessage(
  context: ConversationContext,
  conversationId: string,
  senderId: string,
  input: { content: string; replyToId: string | null; fileIds: string[] },
): Promise<{ message: Message; recipients: string[] }> {
  const id = randomUUID();
  const recipients = await context.db.transaction(async (tx) => {
    const place = await loadCurrentPlace(tx, conversationId, senderId);
    const conversation = (await findConversation(tx, conversationId))!;
    const participants = await listParticipants(tx, [conversationId]);
    const others = participants.filter((p) => p.userId !== senderId && p.leftAt === null);
    if (conversation.kind === 'direct') {
      const other = participants.find((p) => p.userId !== senderId);
      if (!other || !(await mayMessageMember(tx, senderId, other.userId))) throw cannotMessage();
    }
    if (input.replyToId) {
      const answered = await findReadableMessage(tx, input.replyToId, senderId);
      if (!answered || answered.conversationId !== conversationId) {
        throw invalidField('reply_to_id', 'is not a message of this conversation');
      }
    }
    const attachable = await findAttachableMessageFiles(tx, input.fileIds, senderId);
    if (attachable.length !== input.fileIds.length) {
      throw invalidField(
        'file_request_ids',
        'names a file that is not an uploaded message attachment of yours',
      );
    }
    if (place.status === 'request') await updatePlace(tx, conversationId, senderId, { status: 'active' });
    await insertMessage(tx, {
      id,
      conversationId,
      senderId,
      contentEncrypted: encryptMessageText(context.config, id, input.content),
      replyToId: input.replyToId,
    });
    await insertMessageFiles(tx, id, input.fileIds);
    // Writing means having read what came before.
    await moveReadMark(tx, conversationId, senderId, id);
    await markMessagesRead(tx, senderId, conversationId, id);
    await announceMessage(tx, 'message.created', conversationId, id);
    await notify(
      tx,
      others.map((p) => ({
        recipientId: p.userId,
        actorId: senderId,
        kind: 'message' as const,
        messageId: id,
        groupKey: messageLineKey(conversationId),
      })),
    );
    return others.map((p) => p.userId);
  });
  return { message: await loadMessage(context, id, senderId), recipients };
}

/** The author's own message, still theirs to change: readable by them and not deleted. */
async function loadOwnMessage(context: ConversationContext, messageId: string, viewerId: string) {
  const row = await findReadableMessage(context.db, messageId, viewerId);
  if (!row) throw notFound();
  if (row.senderId !== viewerId || row.deletedAt !== null) throw forbidden();
  await loadCurrentPlace(context.db, row.conversationId, viewerId);
  return row;
}

export async function editMessage(
  context: ConversationContext,
  messageId: string,
  viewerId: string,
  content: string,
) {
  const row = await loadOwnMessage(context, messageId, viewerId);
  await context.db.transaction(async (tx) => {
    await updateMessageText(tx, messageId, encryptMessageText(context.config, messageId, content));
    await announceMessage(tx, 'message.updated', row.conversationId, messageId);
  });
  return loadMessage(context, messageId, viewerId);
}

/** Deleted for everyone: its text and files are gone; the thread shows "Message deleted". */
export async function removeMessage(context: ConversationContext, messageId: string, viewerId: string) {
  const row = await loadOwnMessage(context, messageId, viewerId);
  await context.db.transaction((tx) => deleteMessageForEveryone(tx, row.conversationId, messageId));
}

/**
 * Deletes a message for everyone and tells its readers, so open threads show "Message deleted" at
 * once: by its author (removeMessage), or by an admin removing a reported message (ADR 060).
 */
export async function deleteMessageForEveryone(tx: DbOrTx, conversationId: string, messageId: string) {
  await deleteMessageContent(tx, messageId);
  await announceMessage(tx, 'message.deleted', conversationId, messageId);
}

/**
 * The member's conversations for their data export (conversations.json): each conversation they
 * have a place in, its people, and the messages they may read, with who wrote each (null: a deleted
 * member). Other members' files are named, not included.
 */
export async function conversationsExport(context: ConversationContext, userId: string) {
  const conversations: Conversation[] = [];
  let cursor: KeyCursor | null = null;
  for (const status of ['active', 'request'] as const) {
    cursor = null;
    for (;;) {
      const rows = await listConversationsFor(context.db, userId, { status, cursor, limit: 100 });
      conversations.push(...(await presentConversations(context, userId, rows.slice(0, 100))));
      if (rows.length <= 100) break;
      cursor = { keys: [rows[99]!.activityExact], id: rows[99]!.id };
    }
  }
  const byConversation = new Map<string, MessageRow[]>();
  for (const row of await listReadableMessagesOf(context.db, userId)) {
    byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row]);
  }
  return conversations.map((conversation) => ({
    id: conversation.id,
    kind: conversation.kind,
    name: conversation.name,
    your_status: conversation.status,
    participants: conversation.participants.map((person) => person.username),
    created_at: conversation.created_at,
    messages: (byConversation.get(conversation.id) ?? []).map((row) => ({
      id: row.id,
      sender: row.senderUsername,
      content: row.deletedAt ? '' : (readText(context, row.id, row.contentEncrypted) ?? ''),
      deleted: row.deletedAt !== null,
      reply_to_id: row.replyToId,
      files: row.deletedAt ? [] : row.files.map((file) => file.name),
      created_at: row.createdAt.toISOString(),
      edited_at: row.editedAt?.toISOString() ?? null,
    })),
  }));
}

/**
 * How many of the viewer's newest readable messages a search reads (ADR 060). Their text is
 * encrypted, so no index can hold it: each search decrypts these in memory and matches there.
 */
export const MESSAGE_SEARCH_WINDOW = 2_000;
export const MESSAGE_SEARCH_RESULTS = 50;

/** Lower case, accents dropped: "Café" finds "cafe". */
const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The viewer's messages whose text holds every word of `query`, newest first: only messages the
 * policy lets them read (a non-participant never finds one), among their newest
 * MESSAGE_SEARCH_WINDOW.
 */
export async function searchMessages(context: ConversationContext, viewerId: string, query: string) {
  const words = folded(query).split(/\s+/).filter(Boolean);
  const rows = await listNewestReadableMessages(context.db, viewerId, MESSAGE_SEARCH_WINDOW);
  const now = new Date();
  const found: { row: MessageRow; message: Message; preview: string }[] = [];
  for (const row of rows) {
    const text = readText(context, row.id, row.contentEncrypted);
    if (text === null) continue;
    const haystack = folded(text);
    if (!words.every((word) => haystack.includes(word))) continue;
    found.push({
      row,
      message: messageView(context, viewerId, row, now),
      preview: messagePreview(text, false),
    });
    if (found.length === MESSAGE_SEARCH_RESULTS) break;
  }
  const ids = [...new Set(found.map(({ row }) => row.conversationId))];
  const conversations = ids.length
    ? await presentConversations(
        context,
        viewerId,
        await listConversationsFor(context.db, viewerId, {
          status: 'any',
          cursor: null,
          limit: ids.length,
          ids,
        }),
      )
    : [];
  const titles = new Map(conversations.map((conversation) => [conversation.id, conversation.title]));
  return found
    .filter(({ row }) => titles.has(row.conversationId))
    .map(({ row, message, preview }) => ({
      message,
      conversation: { id: row.conversationId, title: titles.get(row.conversationId)! },
      preview,
    }));
}

/**
 * What the admin reviewing a message report sees (ADR 060): the message and the one before and
 * after it that the reporter could read, decrypted for this answer only.
 */
export async function reportedMessageContext(
  context: ConversationContext,
  messageId: string,
  reporterId: string,
): Promise<ReportedMessage[]> {
  const rows = await listReportedContext(context.db, messageId, reporterId);
  return rows.map((row) => ({
    id: row.id,
    sender_username: row.senderUsername,
    content: row.deletedAt ? '' : (readText(context, row.id, row.contentEncrypted) ?? ''),
    deleted: row.deletedAt !== null,
    created_at: row.createdAt.toISOString(),
    reported: row.id === messageId,
  }));
}

/** A message the member may read and did not write, for their report (404 if they may not read it). */
export async function loadReportableMessage(db: DbOrTx, messageId: string, reporterId: string) {
  const row = await findReadableMessage(db, messageId, reporterId);
  if (!row) throw notFound();
  return row;
}
