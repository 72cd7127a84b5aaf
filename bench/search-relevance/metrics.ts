/**
 * nDCG@k with linear gains (the trec_eval / BEIR definition): DCG = sum of grade / log2(rank + 1)
 * over the first k results, divided by the DCG of the ideal ordering of every judged grade.
 */
export function ndcgAt(k: number, ranked: string[], judgements: Record<string, number>): number {
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + (judgements[id] ?? 0) / Math.log2(i + 2), 0);
  const ideal = Object.values(judgements)
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, i) => sum + grade / Math.log2(i + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** Share of queries whose relevant posts include at least one in the first k results. */
export function hitAt(k: number, ranked: string[], judgements: Record<string, number>): boolean {
  return ranked.slice(0, k).some((id) => (judgements[id] ?? 0) > 0);
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
