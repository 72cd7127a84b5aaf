import { contentStems } from './text';

export interface Bm25Document {
  id: string;
  text: string;
}

/**
 * Okapi BM25 (k1 = 1.2, b = 0.75) over the bench's own tokenizer: the baseline the app's search is
 * measured against. IDF is the Lucene form, log(1 + (N - df + 0.5) / (df + 0.5)), never negative.
 */
export function createBm25(documents: Bm25Document[], { k1 = 1.2, b = 0.75 } = {}) {
  const termFrequencies = documents.map((document) => {
    const counts = new Map<string, number>();
    for (const term of contentStems(document.text)) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  });
  const lengths = documents.map((document) => contentStems(document.text).length);
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, documents.length);
  const documentFrequency = new Map<string, number>();
  for (const counts of termFrequencies) {
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const idf = (term: string) => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
  };

  /** Ids of the best `limit` documents for the query, best first (ties by input order). */
  function search(query: string, limit: number): string[] {
    const terms = [...new Set(contentStems(query))];
    const scored: Array<{ index: number; score: number }> = [];
    termFrequencies.forEach((counts, index) => {
      let score = 0;
      for (const term of terms) {
        const tf = counts.get(term);
        if (!tf) continue;
        const norm = tf + k1 * (1 - b + (b * lengths[index]!) / averageLength);
        score += (idf(term) * tf * (k1 + 1)) / norm;
      }
      if (score > 0) scored.push({ index, score });
    });
    scored.sort((x, y) => y.score - x.score || x.index - y.index);
    return scored.slice(0, limit).map(({ index }) => documents[index]!.id);
  }

  return { search };
}
