import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';
import { createdAt, id } from './columns';
import { notifications } from './community';

/**
 * One device's Web Push subscription (ADR 052): where its push service takes messages and the keys
 * they are encrypted to. It belongs to the session that subscribed, so signing out of that device
 * (or deleting the account) removes it. An endpoint is one browser profile's: subscribing it again
 * updates the row rather than adding a second.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** When a push last reached the push service for this device (null: never yet). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Notifications waiting to be handed to the push job: written in notify's transaction (so a push
 * exists exactly when its notification does) for recipients with a device, and taken by the worker.
 */
export const pushOutbox = pgTable('push_outbox', {
  notificationId: uuid('notification_id')
    .primaryKey()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * A member's push settings. Quiet hours: from `start` to `end` minutes after midnight in
 * `time_zone`, nothing is pushed (the inbox still has it); both null: none. `hide_contents`: pushes
 * say only that something is new, so a locked phone shows nobody's words.
 */
export const pushSettings = pgTable('push_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  timeZone: text('time_zone')
    .notNull()
    .default(sql`'UTC'`),
  hideContents: boolean('hide_contents').notNull().default(false),
});
