import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { createdAt, id } from './columns';

/** follower follows followee; `public` links are visible to the owner's followers. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedbacks_created_idx').on(t.createdAt)],
);

/**
 * Sliding-window request counters shared by every web process (server/http/throttle.ts, ADR 036):
 * the count of the fixed window starting at `window_start` and of the window before it.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  previousCount: integer('previous_count').notNull().default(0),
});
