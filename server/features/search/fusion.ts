import type { RankedId } from './keyword-search.repo';

/** RRF's constant: how much the first ranks dominate (60, from Cormack et al. 2009). */
export const RRF_K = 60;

/**
 * Static word vectors rank worse than BM25 but find what keywords cannot: keyword matches keep
 * their order at the top and meaning matches fill the rest of the page, so the result is never
 * worse than keywords alone.
 */
export function keywordsThenMeaning(keywords: RankedId[], meaning: RankedId[], limit: number): string[] {
  const ids = keywords.map((hit) => hit.id);
  const seen = new Set(ids);
  for (const hit of meaning) {
    if (ids.length >= limit) break;
    if (!seen.has(hit.id)) {
      seen.add(hit.id);
      ids.push(hit.id);
    }
  }
  return ids.slice(0, limit);
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
