import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import {
  notBlockedCondition,
  notIgnoredCondition,
  visibleLinksCondition,
  visiblePostsCondition,
} from '../../policies/visibility';
import { excludedCondition, type Corpus, type RankedId } from './keyword-search.repo';
import type { QueryText } from './query-text';

/**
 * Nearest neighbours by cosine distance with pgvector. Vectors are stored as `real[]` (the table
 * exists without pgvector); each model gets a partial HNSW index over `embedding::vector(n)`, and
 * queries repeat that exact expression so the planner uses it. Visibility is filtered inside the
 * query and pgvector's iterative scan keeps reading the index until the page is full.
 */

/** A model name as a SQL string literal (it is operator configuration, quoted all the same). */
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function indexName(model: string, dimensions: number): string {
  const hash = createHash('sha256').update(`${model}\n${dimensions}`).digest('hex').slice(0, 12);
  return `search_entries_hnsw_${hash}`;
}

function vectorExpression(dimensions: number): SQL {
  return sql.raw(`(e.embedding::vector(${Math.trunc(dimensions)}))`);
}

/** Per database handle (tests open several in one process): the indexes known to exist there. */
const ensuredIn = new WeakMap<object, Set<string>>();

/** Creates the model's HNSW index once per database handle (idempotent; needs pgvector). */
export async function ensureVectorIndex(db: DbOrTx, model: string, dimensions: number): Promise<void> {
  const name = indexName(model, dimensions);
  let ensured = ensuredIn.get(db);
  if (!ensured) ensuredIn.set(db, (ensured = new Set()));
  if (ensured.has(name)) return;
  await db.execute(
    sql.raw(`create index if not exists ${name} on search_entries
      using hnsw ((embedding::vector(${Math.trunc(dimensions)})) vector_cosine_ops)
      where model = ${literal(model)}`),
  );
  ensured.add(name);
}

/** The vector as pgvector's text input, '[0.1,0.2,…]'. */
export function vectorLiteral(vector: number[]): string {
  return `[${vector.map((value) => (Number.isFinite(value) ? value : 0)).join(',')}]`;
}

interface NearestOptions {
  corpus: Corpus;
  /** Rows holding an excluded word are left out (see parseQueryText). */
  query: QueryText;
  viewerId: string;
  model: string;
  vector: number[];
  limit: number;
  /**
   * The page the index's search list is sized for (ef_search), when fewer rows than a page are
   * wanted: the same list as for the whole page, so the nearest rows found are the same ones.
   */
  pageSize?: number;
  /** Rows farther than this (cosine distance, 0-2) are not similar enough to show. */
  maxDistance: number;
  /**
   * The database is one connection that only this process uses (PGlite): the index settings are
   * then set once for the session instead of in a transaction around every search.
   */
  singleConnection?: boolean;
}

/** The HNSW index's ef_search for a page of `limit` rows. */
const efSearchFor = (limit: number) => String(Math.max(40, limit * 2));

/**
 * Keeps the index read past filtered-out rows (pgvector >= 0.8, so pages stay full) and sets its
 * ef_search: for the transaction (`local`) or for the session. Both in one statement: on PGlite
 * every statement is a turn of the one connection.
 */
function setHnsw(executor: Pick<Db, 'execute'>, efSearch: string, local: boolean) {
  const scope = sql.raw(local ? 'true' : 'false');
  return executor.execute(
    sql`select set_config('hnsw.iterative_scan', 'relaxed_order', ${scope}),
      set_config('hnsw.ef_search', ${efSearch}, ${scope})`,
  );
}

/** Per single-connection database: the ef_search its session was last given. */
const sessionEfSearch = new WeakMap<object, string>();

/** The ids of the visible rows nearest in meaning, nearest first, with similarity as the score. */
export async function rankByMeaning(db: Db, options: NearestOptions): Promise<RankedId[]> {
  const { corpus, query: text, viewerId, model, vector, limit, maxDistance } = options;
  const dimensions = vector.length;
  const expression = vectorExpression(dimensions);
  const query = sql`${vectorLiteral(vector)}::vector(${sql.raw(String(dimensions))})`;
  const target =
    corpus === 'posts'
      ? {
          join: sql`join posts on posts.id = e.post_id`,
          id: sql`posts.id`,
          visible: sql`${visiblePostsCondition(viewerId)} and ${notIgnoredCondition(viewerId)} and ${notBlockedCondition(viewerId, sql.raw('posts.user_id'))}`,
        }
      : {
          join: sql`join links on links.id = e.link_id`,
          id: sql`links.id`,
          visible: visibleLinksCondition(viewerId),
        };
  await ensureVectorIndex(db, model, dimensions);
  // No `cardinality(e.embedding) = n` here: the planner cannot estimate it and guesses that 0.5 % of
  // the rows match, which makes sorting "every" match look cheaper than walking the HNSW index, so
  // each search read every entry and checked every post's visibility (300-550 ms at 20,000 posts
  // on PGlite, one search at a time). It guarded nothing: the model's index exists (ensured just
  // above) and holds `embedding::vector(n)` of every row of that model, so each has n dimensions.
  // A text with no known word is stored with this model and no vector: `is not null` keeps it out
  // whichever plan runs (the planner estimates that one from the column's statistics).
  const nearest = sql`
    select ${target.id} as id, ${expression} <=> ${query} as distance
    from search_entries e ${target.join}
    where e.model = ${sql.raw(literal(model))} and e.embedding is not null
      and ${target.visible} and ${excludedCondition(corpus, text)}
    order by ${expression} <=> ${query}
    limit ${limit}`;
  const efSearch = efSearchFor(options.pageSize ?? limit);
  let rows: Array<{ id: string; distance: number }>;
  if (options.singleConnection) {
    // One connection, this process's alone: set for the session once (and again when the page
    // size changes), then one statement per search instead of four (begin, set, select, commit).
    if (sessionEfSearch.get(db) !== efSearch) {
      await setHnsw(db, efSearch, false);
      sessionEfSearch.set(db, efSearch);
    }
    rows = rowsOf<{ id: string; distance: number }>(await db.execute(nearest));
  } else {
    // A pool: the settings hold for this transaction's connection only.
    rows = await db.transaction(async (tx) => {
      await setHnsw(tx, efSearch, true);
      return rowsOf<{ id: string; distance: number }>(await tx.execute(nearest));
    });
  }
  // relaxed_order may return neighbours slightly out of order: sort what came back.
  return rows
    .sort((a, b) => Number(a.distance) - Number(b.distance))
    .filter((row) => Number(row.distance) <= maxDistance)
    .map((row) => ({ id: row.id, score: 1 - Number(row.distance) }));
}
