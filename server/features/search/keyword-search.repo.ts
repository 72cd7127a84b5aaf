import { LRUCache } from 'lru-cache';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  notBlockedCondition,
  notIgnoredCondition,
  visibleLinksCondition,
  visiblePostsCondition,
} from '../../policies/visibility';
import type { QueryText } from './query-text';
import {
  BM25_B,
  BM25_K1,
  bm25Idf,
  candidateTiers,
  mostTellingTerms,
  selectiveTerms,
  TITLE_WEIGHT,
  ZETA_2,
  type QueryTerm,
} from './bm25';

/**
 * Keyword search with BM25 ranking, inside SQL, on PostgreSQL 15 and PGlite alike.
 *
 * 1. The query's lexemes come from `to_tsvector('english', query)` (stemming and stop words as the
 *    documents had them); any word may match (an OR-ed tsquery), so a sentence finds its post.
 * 2. Each lexeme's document frequency comes from `search_terms` (refreshed from `ts_stat` by a
 *    scheduled job); a lexeme new since then is counted live, capped (it is rare by definition).
 * 3. Candidates are visible rows matching the selective lexemes through the GIN index, rarest
 *    lexemes first (see candidateTiers), with the visibility filter inside, so the page is full
 *    after filtering; at most CANDIDATES + FILL_CANDIDATES rows.
 * 4. Candidates are scored by BM25 from their tsvector (term frequency from the positions, a title
 *    occurrence counting double; length as the number of distinct lexemes) and the best kept.
 * The cost depends on the candidate cap, not on how many rows match a common word.
 */

/** Rows scored per query at most (per source: the posts themselves, their extra text). */
export const CANDIDATES = 300;
/** Candidates from the less rare selective words, behind the rarest words' matches. */
const FILL_CANDIDATES = 100;
/** Candidates when every word is common: the newest matches, read one by one along created_at. */
const NEWEST_CANDIDATES = 150;
/**
 * A lexeme in more documents than this does not choose candidates (it still scores them): reading
 * a GIN posting list costs in proportion to its length.
 */
const SELECTIVE_DOCUMENTS = 5000;

export type Corpus = 'posts' | 'links';

interface CorpusSql {
  table: SQL;
  vector: SQL;
  /** Extra searchable text kept in search_entries (attachment names, image text). */
  entryKey: SQL;
  visible(viewerId: string): SQL;
}

const CORPORA: Record<Corpus, CorpusSql> = {
  posts: {
    table: sql.raw('posts'),
    vector: sql.raw('posts.search_vector'),
    entryKey: sql.raw('post_id'),
    visible: (viewerId) =>
      sql`${visiblePostsCondition(viewerId)} and ${notIgnoredCondition(viewerId)} and ${notBlockedCondition(viewerId, sql.raw('posts.user_id'))}`,
  },
  links: {
    table: sql.raw('links'),
    vector: sql.raw('links.search_vector'),
    entryKey: sql.raw('link_id'),
    visible: (viewerId) => visibleLinksCondition(viewerId),
  },
};

/** SQL condition: the row holds none of the query's excluded (`-word`) words. */
export function excludedCondition(corpus: Corpus, query: QueryText): SQL {
  if (!query.excluded) return sql`true`;
  return sql`not (${CORPORA[corpus].vector} @@ replace(plainto_tsquery('english', ${query.excluded})::text, '&', '|')::tsquery)`;
}

/** A lexeme quoted for tsquery input (quotes doubled, backslashes escaped), so it is taken as-is. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** A numeric constant of the code written into the statement (typed by PostgreSQL as numeric). */
function constant(value: number): SQL {
  return sql.raw(`${Number(value)}::float8`);
}

/**
 * A lexeme's number of occurrences in a document, from `ts_rank` with every weight 1 and a one-word
 * query: that rank is H(n)/zeta(2) with H(n) = 1 + 1/4 + … + 1/n², which inverts to
 * n = 1/(zeta(2)(1 - rank)) - 1/2 (exact to the integer). One binary search per lexeme, where
 * unnesting the whole tsvector would read every lexeme of every candidate.
 */
function occurrences(rank: SQL): SQL {
  return sql`(case when ${rank} > 0 then round(1 / (${constant(ZETA_2)} * (1 - least(${rank}, 0.9999))) - 0.5) else 0 end)`;
}

function orQuery(terms: QueryTerm[]): string {
  return terms.map((term) => quoteLexeme(term.lexeme)).join(' | ');
}

interface CorpusStats {
  documents: number;
  averageLength: number;
}

/** Never refreshed yet (a new installation): small enough to count now. */
async function liveCorpusStats(db: DbOrTx, corpus: Corpus): Promise<CorpusStats> {
  const c = CORPORA[corpus];
  const [live] = rowsOf<{ documents: string; average_length: string | null }>(
    await db.execute(
      sql`select count(*) as documents, avg(length(${c.vector})) as average_length from ${c.table}`,
    ),
  );
  return { documents: Number(live?.documents ?? 0), averageLength: Number(live?.average_length ?? 1) };
}

/** Lexemes missing from search_terms (new since the last refresh), counted now up to a cap. */
async function liveDocumentCounts(db: DbOrTx, corpus: Corpus, lexemes: string[]) {
  const counted = new Map<string, number>();
  if (lexemes.length === 0) return counted;
  const c = CORPORA[corpus];
  const live = rowsOf<{ lexeme: string; documents: string }>(
    await db.execute(sql`
      select l.lexeme, (
        select count(*) from (
          select 1 from ${c.table} where ${c.vector} @@ l.query::tsquery limit ${SELECTIVE_DOCUMENTS + 1}
        ) m
      ) as documents
      from jsonb_to_recordset(${JSON.stringify(lexemes.map((lexeme) => ({ lexeme, query: quoteLexeme(lexeme) })))}::jsonb)
        as l(lexeme text, query text)`),
  );
  for (const row of live) counted.set(row.lexeme, Number(row.documents));
  return counted;
}

interface QueryTermsResult {
  terms: QueryTerm[];
  stats: CorpusStats;
}

/** How long a query's term statistics are reused without asking the database again. */
export const TERM_STATS_TTL_MS = 30_000;
/** Queries whose statistics are kept per database at most (the least recently used are forgotten first). */
const TERM_STATS_ENTRIES = 1000;

/**
 * A query's lexemes and document frequencies, kept in process for a short while (one statement
 * fewer per search). Only answers read wholly from the stored statistics (`search_terms`,
 * `search_corpora`) are kept: those change only when they are refreshed, which forgets them here
 * at once (`forgetTermStats`) and in other processes within TERM_STATS_TTL_MS. Answers with a
 * lexeme counted live (new since the last refresh) are never kept. Per database handle, so two
 * databases in one process never share figures.
 */
const termStatsCache = new WeakMap<object, LRUCache<string, QueryTermsResult>>();

function keptTermStats(db: DbOrTx): LRUCache<string, QueryTermsResult> {
  let kept = termStatsCache.get(db);
  if (!kept) {
    kept = new LRUCache({
      max: TERM_STATS_ENTRIES,
      ttl: TERM_STATS_TTL_MS,
      // Read on every look-up, on the wall clock (tests move it), never a cached reading.
      ttlResolution: 0,
      perf: { now: () => Date.now() },
    });
    termStatsCache.set(db, kept);
  }
  return kept;
}

/** Forgets every kept query's statistics: they were just refreshed. */
export function forgetTermStats(db: DbOrTx): void {
  termStatsCache.delete(db);
}

/**
 * The query's lexemes with their document frequencies and BM25 IDF, and the corpus's size and
 * average length, in one round trip (PGlite runs one statement at a time, so each one counts), or
 * none when the same query was answered from the stored statistics in the last TERM_STATS_TTL_MS.
 */
export async function queryTerms(db: DbOrTx, corpus: Corpus, query: string): Promise<QueryTermsResult> {
  const key = `${corpus}\u0000${query}`;
  const kept = keptTermStats(db);
  const found = kept.get(key);
  if (found) return found;
  const { result, stored } = await readQueryTerms(db, corpus, query);
  if (stored) kept.set(key, result);
  return result;
}

/** The statistics from the database; `stored` when none was counted live. */
async function readQueryTerms(
  db: DbOrTx,
  corpus: Corpus,
  query: string,
): Promise<{ result: QueryTermsResult; stored: boolean }> {
  const rows = rowsOf<{
    lexeme: string | null;
    documents: number | null;
    corpus_documents: number | null;
    average_length: number | null;
  }>(
    await db.execute(sql`
      with q as (select distinct lexeme from unnest(to_tsvector('english', ${query})))
      select q.lexeme, t.documents, c.documents as corpus_documents, c.average_length
      from (select 1) as one
      left join search_corpora c on c.corpus = ${corpus}
      left join q on true
      left join search_terms t on t.corpus = ${corpus} and t.lexeme = q.lexeme`),
  );
  const first = rows[0];
  const stats =
    first && first.corpus_documents !== null
      ? { documents: Number(first.corpus_documents), averageLength: Number(first.average_length) }
      : await liveCorpusStats(db, corpus);
  const found = rows.filter((row): row is typeof row & { lexeme: string } => row.lexeme !== null);
  const counted = await liveDocumentCounts(
    db,
    corpus,
    found.filter((row) => row.documents === null).map((row) => row.lexeme),
  );
  const terms = found.map((row): QueryTerm => {
    const documents = row.documents ?? counted.get(row.lexeme) ?? 0;
    return { lexeme: row.lexeme, documents, idf: bm25Idf(stats.documents, documents) };
  });
  const stored = first?.corpus_documents != null && found.every((row) => row.documents !== null);
  return { result: { terms, stats }, stored };
}

export interface RankedId {
  id: string;
  score: number;
}

/**
 * The ids of the best keyword matches the viewer may see, best first: BM25 over a bounded candidate
 * set. Empty when the query has no searchable word (only stop words or punctuation).
 */
export async function rankByKeywords(
  db: DbOrTx,
  corpus: Corpus,
  viewerId: string,
  query: QueryText,
  limit: number,
): Promise<RankedId[]> {
  const found = await queryTerms(db, corpus, query.wanted);
  const { stats } = found;
  const terms = mostTellingTerms(found.terms);
  if (terms.length === 0) return [];
  const c = CORPORA[corpus];
  // Each candidate brings its vector along (the row was read to check it anyway), so the posts are
  // not looked up a second time by id; a post found by several arms is kept once.
  const candidateColumns = sql`${c.table}.id, ${c.table}.created_at, ${c.vector} as vector`;
  const selective = selectiveTerms(terms, SELECTIVE_DOCUMENTS);
  const tiers = candidateTiers(selective, CANDIDATES);
  const chooser = orQuery(selective.length > 0 ? tiers.rarest : terms);
  // Posts holding every selective word come first: in real text they lead BM25's ranking.
  const allWords =
    selective.length > 1
      ? sql`(select ${candidateColumns} from ${c.table}
          where ${c.vector} @@ ${selective.map((term) => quoteLexeme(term.lexeme)).join(' & ')}::tsquery
            and ${c.visible(viewerId)} and ${excludedCondition(corpus, query)}
          limit ${CANDIDATES})
        union all`
      : sql``;
  // Posts holding only the less rare selective words fill in behind the rarest words' matches.
  const fill =
    tiers.rest.length > 0
      ? sql`(select ${candidateColumns} from ${c.table}
          where ${c.vector} @@ ${orQuery(tiers.rest)}::tsquery and ${c.visible(viewerId)}
            and ${excludedCondition(corpus, query)}
          limit ${FILL_CANDIDATES})
        union all`
      : sql``;
  // Only common words: the newest matches are the candidates, read along the created_at index and
  // checked row by row (coalesce keeps the planner off the GIN index, whose posting lists for
  // common words are long), so about CANDIDATES / (share of rows matching) rows are read.
  const matches =
    selective.length > 0
      ? sql`${c.vector} @@ ${chooser}::tsquery`
      : sql`coalesce(${c.vector}, ''::tsvector) @@ ${chooser}::tsquery`;
  const order = selective.length > 0 ? sql`` : sql`order by ${c.table}.created_at desc, ${c.table}.id desc`;
  // Arrays travel as one JSON parameter (Drizzle would spread a JS array into a row of parameters).
  const termRows = JSON.stringify(terms.map(({ lexeme, idf }) => ({ query: quoteLexeme(lexeme), idf })));
  const averageLength = Math.max(stats.averageLength, 1);
  const rows = rowsOf<{ id: string; score: number }>(
    await db.execute(sql`
      with terms as (
        select query::tsquery as query, (query || ':A')::tsquery as in_title, idf
        from jsonb_to_recordset(${termRows}::jsonb) as t(query text, idf float8)
      ),
      candidates as (
        ${allWords}
        (select ${candidateColumns} from ${c.table}
          where ${matches} and ${c.visible(viewerId)} and ${excludedCondition(corpus, query)}
          ${order} limit ${selective.length > 0 ? CANDIDATES : NEWEST_CANDIDATES})
        union all
        ${fill}
        (select ${candidateColumns} from search_entries e join ${c.table} on ${c.table}.id = e.${c.entryKey}
          where e.extra_vector @@ ${orQuery(selective.length > 0 ? selective : terms)}::tsquery
            and ${c.visible(viewerId)}
            and ${excludedCondition(corpus, query)}
          limit ${CANDIDATES})
      ),
      documents as materialized (
        select unique_candidates.id, unique_candidates.created_at,
          unique_candidates.vector || coalesce(
            (select e.extra_vector from search_entries e where e.${c.entryKey} = unique_candidates.id),
            ''::tsvector
          ) as doc
        from (select distinct on (candidates.id) * from candidates order by candidates.id) as unique_candidates
      ),
      ranks as materialized (
        select documents.id, documents.created_at, length(documents.doc) as length, terms.idf,
          ts_rank('{1,1,1,1}', documents.doc, terms.query, 0) as rank,
          (documents.doc @@ terms.in_title)::int as in_title
        from documents cross join terms
      ),
      frequencies as (
        select id, created_at, length, idf,
          ${occurrences(sql`rank`)} + ${constant(TITLE_WEIGHT - 1)} * in_title as tf
        from ranks
      )
      select id, sum(
          idf * tf * ${constant(BM25_K1 + 1)}
          / (tf + ${constant(BM25_K1)} * (${constant(1 - BM25_B)}
            + ${constant(BM25_B)} * length / ${averageLength}::float8))
        ) as score
      from frequencies where tf > 0
      group by id, created_at
      order by score desc, created_at desc, id desc limit ${limit}`),
  );
  return rows.map((row) => ({ id: row.id, score: Number(row.score) }));
}
