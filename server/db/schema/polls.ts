import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import type { PollResults } from '../../../shared/domain/polls';
import { users } from './accounts';
import { createdAt, id } from './columns';
import { posts } from './posts';

/**
 * A post's poll (ADR 058): the question is the post. One per post, gone with it. `closes_at` null:
 * open for as long as the post stands.
 */
export const postPolls = pgTable(
  'post_polls',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    multiple: boolean('multiple').notNull().default(false),
    results: text('results').$type<PollResults>().notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('post_polls_results', sql`${t.results} in ('after_voting', 'after_closing')`)],
);

/** A poll's options in the author's order. */
export const postPollOptions = pgTable(
  'post_poll_options',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => postPolls.postId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('post_poll_options_post_position_idx').on(t.postId, t.position)],
);

/**
 * Who voted in a poll: one row per voter, which stops a second vote. It names no option, so in an
 * anonymous poll it says only that a member voted. No time is kept, here or on the votes, so the
 * two cannot be matched by when they were written.
 */
export const postPollVoters = pgTable(
  'post_poll_voters',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => postPolls.postId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_poll_voters_user_idx').on(t.userId)],
);

/**
 * One chosen option. `user_id` names the voter in an open poll and is null in an anonymous one:
 * those votes are stored without anyone, so no query, export or admin can tell whose they are.
 * Its id is random, so neither it nor a time orders the votes.
 */
export const postPollVotes = pgTable(
  'post_poll_votes',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => postPolls.postId, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => postPollOptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('post_poll_votes_post_option_idx').on(t.postId, t.optionId),
    uniqueIndex('post_poll_votes_option_user_idx').on(t.optionId, t.userId),
    index('post_poll_votes_user_idx').on(t.userId),
  ],
);
