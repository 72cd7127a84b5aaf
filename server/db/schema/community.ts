import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MailDelivery, NotificationKind } from '../../../shared/domain/constants';
import { users } from './accounts';
import { createdAt, id } from './columns';
import { messages } from './conversations';
import { groupEvents } from './gatherings';
import { groups } from './groups';
import { linkComments, links } from './links';
import { comments, posts } from './posts';

/**
 * One thing that happened to a member because of someone else: a comment on their post, a like, a
 * join request… A notification points at what it is about; deleting that deletes the notification,
 * so the inbox never links to something gone. `group_key` collects notifications shown as one line
 * ("Ana and 3 others liked …"), e.g. `post_like:{post_id}`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => links.id, { onDelete: 'cascade' }),
    linkCommentId: uuid('link_comment_id').references(() => linkComments.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** An event's news (ADR 057): shown only while the recipient may see the event. */
    eventId: uuid('event_id').references(() => groupEvents.id, { onDelete: 'cascade' }),
    /**
     * A private message (ADR 060): shown only while the recipient may read it, unread and not muted;
     * its line folds the conversation's messages (`group_key` `message:{conversation_id}`).
     */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    groupKey: text('group_key'),
    /** What the kind needs beyond the references, e.g. `{ role }` or `{ reason }`. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the mail for this notification went out (instant) or was included in a digest. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_created_idx').on(
      t.recipientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_recipient_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    // A line's other rows: whether a newer one heads it, whether any is unread, who else acted.
    index('notifications_recipient_group_idx')
      .on(t.recipientId, t.groupKey, t.createdAt.desc().nullsFirst())
      .where(sql`${t.groupKey} is not null`),
  ],
);

/** A member's choice of mail for one kind of notification; no row means the kind's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    delivery: text('delivery').$type<MailDelivery>().notNull(),
    /** Whether the kind is pushed to the member's devices (ADR 052); null: the kind's default. */
    push: boolean('push'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** blocker blocked blocked: neither sees the other's posts, comments or mentions, nor is notified. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * A reply address handed out in a notification mail (ADR 054): the random `code` in its local part
 * names this row, which says who may answer and where. `post_id` and `comment_id` carry no foreign
 * key on purpose: a reply to a post deleted since is told "the post was deleted", not "no such
 * address". The member's row goes with their account.
 */
export const replyAddresses = pgTable(
  'reply_addresses',
  {
    code: text('code').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').notNull(),
    /** The comment the mail was about (a reply answers it); null for a mail about the post. */
    commentId: uuid('comment_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // Mails about one thread reuse the member's address for it while it has long to live.
  (t) => [index('reply_addresses_user_thread_idx').on(t.userId, t.postId, t.commentId)],
);
