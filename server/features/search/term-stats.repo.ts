import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { forgetTermStats, type Corpus } from './keyword-search.repo';

/** `ts_stat` reads every vector of a corpus: fixed statements, no user input. */
const SOURCES: Record<Corpus, string> = {
  posts: 'select search_vector from posts',
  links: 'select search_vector from links',
};

/**
 * Recomputes a corpus's document frequencies and size for BM25, in one transaction so searches
 * never see half a table. A few seconds at 100,000 posts; run by the scheduled search job.
 */
export async function refreshTermStats(db: DbOrTx, corpus: Corpus): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms where corpus = ${corpus}`);
    await tx.execute(sql`
      insert into search_terms (corpus, lexeme, documents)
      select ${corpus}, word, ndoc from ts_stat(${SOURCES[corpus]})`);
    await tx.execute(sql`
      insert into search_corpora (corpus, documents, average_length, refreshed_at)
      select ${corpus}, count(*), coalesce(avg(length(search_vector)), 0), now()
      from ${sql.raw(corpus)}
      on conflict (corpus) do update set documents = excluded.documents,
        average_length = excluded.average_length, refreshed_at = excluded.refreshed_at`);
  });
  forgetTermStats(db);
}
