import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';
import { files } from './files';
import { datePolls, groupEvents } from './gatherings';
import { groups } from './groups';
import { messages } from './conversations';

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const posts = pgTable(
  'posts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    tldr: text('tldr').notNull(),
    content: text('content').notNull().default(''),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /**
     * The event this post is the timeline card of (ADR 057): written with the event, in its
     * transaction, so timelines, search and the visibility rule carry events unchanged.
     */
    eventId: uuid('event_id').references(() => groupEvents.id, { onDelete: 'cascade' }),
    /**
     * The event this post brings photos (or words) of, afterwards (ADR 057): a post of the event's
     * group by someone who went, gathered on the event's page. The post outlives the event.
     */
    photosOfEventId: uuid('photos_of_event_id').references(() => groupEvents.id, { onDelete: 'set null' }),
    /** The date poll this post is the timeline card of (ADR 057), as `event_id` is an event's. */
    datePollId: uuid('date_poll_id').references(() => datePolls.id, { onDelete: 'cascade' }),
    /** When the author last changed the title or content (the "edited" marker); null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * How many likes and comments the post has, read by every timeline instead of counting rows.
     * Kept by the triggers `post_likes_count` and `comments_count` (migration 0015_hot_paths), in
     * the transaction of each insert and delete, cascades included (a deleted account's likes and
     * comments, a deleted comment's replies): no code path can forget them.
     */
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${posts.tldr}, '')), 'A') || setweight(to_tsvector('english', coalesce(${posts.content}, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_group_created_idx').on(t.groupId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // No pending list: PGlite has no autovacuum to flush it, and every search would scan it whole.
    index('posts_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // Which post holds a file: who may see the file, whether it is attachable, the cleanup job.
    index('posts_file_idx').on(t.fileId),
    uniqueIndex('posts_event_idx').on(t.eventId),
    uniqueIndex('posts_date_poll_idx').on(t.datePollId),
    index('posts_photos_of_event_created_idx').on(
      t.photosOfEventId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comment this one replies to (one level of threading: a reply's parent has no parent). */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('comments_parent_created_idx').on(t.parentId, t.createdAt, t.id),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

export const publicPosts = pgTable(
  'public_posts',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('public_posts_post_idx').on(t.postId),
    uniqueIndex('public_posts_slug_idx').on(t.slug),
    index('public_posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('public_posts_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const reportStatus = pgEnum('report_status', ['open', 'resolved', 'dismissed']);

/**
 * A member's report of a post, of a comment or of a private message, reviewed by admins and, for a group post, by that
 * group's Owners and Moderators (`group_id`, copied from the post when reported). When a reviewer
 * removes the content the report stays as the record: its references are cleared and what was said
 * is kept in `removed_title`/`removed_content` with the reviewer's `removal_reason`.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    /** What was reported: the post itself, or one comment on it (`comment_id`). */
    subject: text('subject').$type<'post' | 'comment' | 'message'>().notNull().default('post'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    /** A private message (ADR 060): reviewed by admins only, shown with the messages beside it. */
    messageId: uuid('message_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    status: reportStatus('status').notNull().default('open'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    removalReason: text('removal_reason'),
    removedTitle: text('removed_title'),
    removedContent: text('removed_content'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_post_reporter_idx')
      .on(t.postId, t.reporterId)
      .where(sql`${t.subject} = 'post'`),
    uniqueIndex('reports_comment_reporter_idx')
      .on(t.commentId, t.reporterId)
      .where(sql`${t.subject} = 'comment'`),
    uniqueIndex('reports_message_reporter_idx')
      .on(t.messageId, t.reporterId)
      .where(sql`${t.subject} = 'message'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_group_status_created_idx').on(t.groupId, t.status, t.createdAt),
  ],
);

/** A post a member chose to hide from their own timelines. */
export const postIgnores = pgTable(
  'post_ignores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/**
 * A post an Owner or Moderator pinned to the top of its group (ADR 043). A post is in one group, so
 * the post is the key; the group is kept beside it for the group's list and its limit of three,
 * counted under the group's row lock. Deleting the post or the group takes the pin with it.
 */
export const groupPins = pgTable(
  'group_pins',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    pinnedById: uuid('pinned_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('group_pins_group_idx').on(t.groupId, t.createdAt.desc().nullsFirst())],
);

/**
 * A member's reaction to a post with one of REACTION_EMOJI (ADR 044): one row per member and emoji,
 * so a member may give several different emoji but each once. Deleting the post or the member takes
 * it with them.
 */
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId, t.emoji] }),
    index('post_reactions_user_idx').on(t.userId),
  ],
);

/**
 * A member's reaction to a comment on a post (ADR 044). The comment's post is kept beside it so a
 * reaction's write names its post, and kept answers about other posts stay kept (ADR 042).
 */
export const commentReactions = pgTable(
  'comment_reactions',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId, t.emoji] }),
    index('comment_reactions_post_idx').on(t.postId),
    index('comment_reactions_user_idx').on(t.userId),
  ],
);

/**
 * The files of a post, in the order its author chose (ADR 048). `posts.file_id` stays the first of
 * them, so every path that knew one attachment still finds it; a file belongs to one post at most
 * (the unique index), and goes with the post (cascade) for the cleanup job to remove. `alt` is the
 * photo's description, shown as its alt text and searched with the post.
 */
export const postFiles = pgTable(
  'post_files',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] }), uniqueIndex('post_files_file_idx').on(t.fileId)],
);
