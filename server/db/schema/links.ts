import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { LINK_VISIBILITIES } from '../../../shared/domain/constants';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';
import { groups } from './groups';
import { tsvector } from './posts';

export const linkVisibility = pgEnum('link_visibility', LINK_VISIBILITIES);
export const linkStatus = pgEnum('link_status', ['pending', 'processing', 'ready', 'failed']);
export const safetyVerdict = pgEnum('safety_verdict', ['safe', 'suspicious', 'unsafe', 'unknown']);

export const links = pgTable(
  'links',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The URL in one canonical spelling (see shared/domain/link-url.ts): finds earlier shares. */
    normalizedUrl: text('normalized_url').notNull(),
    domain: text('domain').notNull(),
    comment: text('comment'),
    visibility: linkVisibility('visibility').notNull().default('private'),
    /**
     * The group a `group` link is shared into (ADR 046), and only then; its members alone see the
     * link. Deleting the group deletes the links shared into it.
     */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    status: linkStatus('status').notNull().default('pending'),
    title: text('title'),
    sentenceSummary: text('sentence_summary'),
    paragraphSummary: text('paragraph_summary'),
    markdownContent: text('markdown_content'),
    /** Where the fetch ended after redirects, and the redirect chain (safety rules read it). */
    finalUrl: text('final_url'),
    redirectChain: jsonb('redirect_chain').$type<string[]>(),
    /** The lead image as the page named it (remote: never shown, only fetched by the lead-image step). */
    leadImageUrl: text('lead_image_url'),
    /**
     * Hearth's own re-encoded copy of the lead image (a storage key, `{link id}.lead`), served at
     * /api/links/{id}/lead_image; null when there is none or fetching it failed.
     */
    leadImageKey: text('lead_image_key'),
    siteName: text('site_name'),
    language: text('language'),
    /** The pipeline step the link is at or failed in (fetch, extract, summarise, embed, safety). */
    step: text('step'),
    safetyVerdict: safetyVerdict('safety_verdict'),
    safetyReasons: jsonb('safety_reasons').$type<string[]>(),
    error: text('error'),
    /**
     * Whether another try may read a failed link (a timeout, a 5xx answer) or cannot (a refused
     * address, a 404, a page that is not HTML). Null while the link has not failed, and for links
     * that failed before Hearth recorded it (they are offered a retry, as they were then).
     */
    errorRetryable: boolean('error_retryable'),
    attempts: integer('attempts').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${links.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${links.comment}, '') || ' ' || coalesce(${links.sentenceSummary}, '')), 'B') || setweight(to_tsvector('english', left(coalesce(${links.markdownContent}, ''), 100000)), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('links_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The explore pages' list: published, read links only (see publishedLinksCondition).
    index('links_published_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.visibility} = 'published' and ${t.status} = 'ready'`),
    index('links_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('links_status_idx').on(t.status),
    index('links_normalized_url_idx').on(t.normalizedUrl),
    // No pending list: PGlite has no autovacuum to flush it, and every search would scan it whole.
    index('links_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // A group's links, newest first, for its timeline (ADR 046).
    index('links_group_created_idx')
      .on(t.groupId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.groupId} is not null`),
    // A group id with the `group` visibility, and never without it. Compared as text: the enum's
    // value is added by the same migration, and PostgreSQL refuses a new value's use before commit.
    check(
      'links_group_id_with_group_visibility',
      sql`(${t.visibility}::text = 'group') = (${t.groupId} is not null)`,
    ),
  ],
);

export const linkComments = pgTable(
  'link_comments',
  {
    id: id(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comment this one replies to (one level of threading, as on posts). */
    parentId: uuid('parent_id').references((): AnyPgColumn => linkComments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('link_comments_link_created_idx').on(t.linkId, t.createdAt, t.id),
    index('link_comments_parent_created_idx').on(t.parentId, t.createdAt, t.id),
  ],
);

export const linkLikes = pgTable(
  'link_likes',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.userId] })],
);

export const linkCommentLikes = pgTable(
  'link_comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => linkComments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);
