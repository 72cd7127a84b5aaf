import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ConversationKind, WhoMayMessage } from '../../../shared/domain/conversations';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';
import { files } from './files';

/**
 * A private conversation (issue 31, ADR 060): two members (`direct`) or a small circle. A direct
 * conversation's `direct_key` is its two members' ids in order, so a pair has at most one.
 * `last_message_at` orders the lists (newest activity first).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    kind: text('kind').$type<ConversationKind>().notNull(),
    name: text('name'),
    directKey: text('direct_key'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_direct_key_idx').on(t.directKey),
    check('conversations_kind', sql`${t.kind} in ('direct', 'circle')`),
  ],
);

/**
 * A member's place in a conversation. They read the messages sent from `joined_at` until `left_at`
 * (ADR 060: their window). `status`: `request` until a recipient who does not follow the sender
 * accepts, `declined` once they refuse it (gone for them; others are not told). The read mark is
 * the last message read and its time, so unread messages are those after it.
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'active' | 'request' | 'declined'>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    muted: boolean('muted').notNull().default(false),
    lastReadMessageId: uuid('last_read_message_id'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
    check('conversation_participants_status', sql`${t.status} in ('active', 'request', 'declined')`),
  ],
);

/**
 * A message. Its text is encrypted at rest (AES-256-GCM under MESSAGES_KEY, bound to the message's
 * id: conversations/message-crypto.ts); null once deleted or once its sender's account is deleted
 * (`sender_id` null then: "deleted member"). Paged by (conversation_id, created_at, id).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    contentEncrypted: text('content_encrypted'),
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_sender_idx').on(t.senderId),
  ],
);

/** The files of a message, in order; a file belongs to one message at most and goes with it. */
export const messageFiles = pgTable(
  'message_files',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.position] }),
    uniqueIndex('message_files_file_idx').on(t.fileId),
  ],
);

/** A member's choices about messages; no row means the defaults. */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    whoMayMessage: text('who_may_message').$type<WhoMayMessage>().notNull().default('everyone_connected'),
    shareReadMarks: boolean('share_read_marks').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check('messaging_settings_who', sql`${t.whoMayMessage} in ('everyone_connected', 'following')`)],
);
