import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { links } from './links';
import { posts, tsvector } from './posts';

/**
 * What search knows about a post or a link beyond its own columns: extra searchable text (an
 * attachment's file name, text read from an image, a caption) and the embedding of its meaning,
 * with the model that made it. Exactly one of post_id and link_id is set. The embedding is kept as
 * `real[]` so the table exists on every PostgreSQL; where pgvector is installed, HNSW indexes over
 * `embedding::vector(n)` (one per model, created by the search indexer) serve nearest neighbours.
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    id: id(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => links.id, { onDelete: 'cascade' }),
    extraText: text('extra_text').notNull().default(''),
    extraVector: tsvector('extra_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('english', coalesce(${searchEntries.extraText}, ''))`,
    ),
    model: text('model'),
    embedding: real('embedding').array(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('search_entries_post_idx').on(t.postId),
    uniqueIndex('search_entries_link_idx').on(t.linkId),
    // No pending list (see posts_search_idx).
    index('search_entries_extra_idx').using('gin', t.extraVector).with({ fastupdate: false }),
    check('search_entries_one_item', sql`num_nonnulls(${t.postId}, ${t.linkId}) = 1`),
  ],
);

/**
 * Document frequencies for BM25: how many documents of a corpus ('posts', 'links') hold each
 * lexeme, refreshed from `ts_stat` by a scheduled job. A lexeme missing here (new since the last
 * refresh) is counted live.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    corpus: text('corpus').notNull(),
    lexeme: text('lexeme').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.corpus, t.lexeme] })],
);

/** Size and average document length (distinct lexemes) of each corpus at the last refresh. */
export const searchCorpora = pgTable('search_corpora', {
  corpus: text('corpus').primaryKey(),
  documents: integer('documents').notNull(),
  averageLength: doublePrecision('average_length').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});
