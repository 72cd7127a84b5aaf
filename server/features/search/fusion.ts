import type { RankedId } from './keyword-search.repo';

/** RRF's constant: how much the first ranks dominate (60, from Cormack et al. 2009). */
export const RRF_K = 60;

/** Keyword hits that always keep the top of the page, before any meaning match. */
export const KEYWORDS_FIRST = 5;
/** Meaning matches given a place on the first page right after them, however many keyword hits follow. */
export const MEANING_SLOTS = 3;

/**
 * Static word vectors rank worse than BM25 but find what keywords cannot. Keyword matches lead:
 * the first KEYWORDS_FIRST keep their places, then the best MEANING_SLOTS meaning matches not
 * already shown, then the rest of the keyword matches in order, then the rest of the meaning
 * matches. Any-word matching finds some keyword hit for almost every sentence, so without those
 * slots a paraphrase that shares no word with its post would never reach the first page; with
 * them, keywords lose at most a few places below the top five.
 */
export function keywordsThenMeaning(keywords: RankedId[], meaning: RankedId[], limit: number): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  const add = (id: string) => {
    if (ids.length < limit && !seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  };
  const keywordIds = keywords.map((hit) => hit.id);
  const meaningIds = meaning
    .map((hit) => hit.id)
    .filter((id) => !keywordIds.slice(0, KEYWORDS_FIRST).includes(id));
  keywordIds.slice(0, KEYWORDS_FIRST).forEach(add);
  meaningIds.slice(0, MEANING_SLOTS).forEach(add);
  keywordIds.forEach(add);
  meaningIds.forEach(add);
  return ids;
}

/**
 * How many meaning matches keywordsThenMeaning can use on a page of `limit` when keywords found
 * `keywordHits`: with a full page of keyword hits, only the meaning slots, after skipping any of
 * the first KEYWORDS_FIRST keyword hits (rows beyond these never reach the page); otherwise the
 * whole page, as meaning then fills it.
 */
export function meaningRowsUsable(keywordHits: number, limit: number): number {
  return keywordHits >= limit ? Math.min(limit, KEYWORDS_FIRST + MEANING_SLOTS) : limit;
}

/** Reciprocal rank fusion of several rankings (for a real embedding model, as strong as BM25). */
export function reciprocalRankFusion(rankings: RankedId[][], limit: number): string[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((hit, rank) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + 1 / (RRF_K + rank + 1)));
  }
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([id]) => id);
}
