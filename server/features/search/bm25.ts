/**
 * BM25 (Robertson/Sparck Jones, Okapi) as Hearth computes it in SQL. The pure formulas live here so
 * they are unit-tested and shared by the SQL builder.
 */

/** Term-frequency saturation: how fast extra occurrences stop adding (Lucene's default). */
export const BM25_K1 = 1.2;
/** Length normalisation: 0 ignores document length, 1 divides fully by it. */
export const BM25_B = 0.75;
/** A title occurrence counts as this many body occurrences (a simple BM25F field weight). */
export const TITLE_WEIGHT = 2;

/** Lucene's BM25 IDF: never negative, even for a term in more than half the documents. */
export function bm25Idf(documents: number, documentsWithTerm: number): number {
  const n = Math.max(documents, documentsWithTerm);
  return Math.log(1 + (n - documentsWithTerm + 0.5) / (documentsWithTerm + 0.5));
}

/** One term's contribution for a document: `tf` occurrences, `length` against `averageLength`. */
export function bm25TermScore(idf: number, tf: number, length: number, averageLength: number): number {
  if (tf <= 0) return 0;
  const norm = 1 - BM25_B + (BM25_B * length) / Math.max(averageLength, 1);
  return (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
}

export interface QueryTerm {
  lexeme: string;
  idf: number;
  /** Documents holding the term (exact, or a lower bound when counted live with a cap). */
  documents: number;
}

/**
 * Which terms choose the candidates. Rare terms find few documents, each likely relevant; a term in
 * more than `maxDocuments` documents adds many candidates that rare terms outrank anyway. So
 * candidates come from the selective terms, and every term still scores them. When no term is
 * selective the caller takes the newest matches of all of them (the candidate cap bounds the work).
 */
export function selectiveTerms(terms: QueryTerm[], maxDocuments: number): QueryTerm[] {
  return terms.filter((term) => term.documents <= maxDocuments);
}

/**
 * A query's terms that score at most: a pasted paragraph holds a hundred words or more, and each
 * scored term costs one ts_rank per candidate. The rarest words tell posts apart; the common ones
 * dropped here would add almost nothing to any post's score.
 */
export const MAX_SCORED_TERMS = 32;

/**
 * The `max` terms found in the fewest documents (the highest IDF), in their original order. A term
 * counted in no document comes last: it would otherwise crowd out the rare words that do match
 * (it may still match an attachment's name, which the count does not read, so it is not dropped).
 */
export function mostTellingTerms(terms: QueryTerm[], max: number = MAX_SCORED_TERMS): QueryTerm[] {
  if (terms.length <= max) return terms;
  const rarity = (term: QueryTerm) => (term.documents > 0 ? term.documents : Number.POSITIVE_INFINITY);
  const kept = new Set([...terms].sort((a, b) => rarity(a) - rarity(b)).slice(0, max));
  return terms.filter((term) => kept.has(term));
}

/**
 * Splits the selective terms so the rarest choose first: rarest-first, as long as their documents
 * add up to `budget` (always at least one term), so every document holding one of them is a
 * candidate; the rest only add a few more candidates. An arbitrary subset of all matches could
 * drop the one document that holds the rarest words.
 */
export function candidateTiers(selective: QueryTerm[], budget: number) {
  const sorted = [...selective].sort((a, b) => a.documents - b.documents);
  const rarest: QueryTerm[] = [];
  let total = 0;
  for (const term of sorted) {
    if (rarest.length > 0 && total + term.documents > budget) break;
    rarest.push(term);
    total += term.documents;
  }
  return { rarest, rest: sorted.slice(rarest.length) };
}

/** zeta(2) = pi²/6: the limit of 1 + 1/4 + 1/9 + …, which ts_rank's per-word sum approaches. */
export const ZETA_2 = Math.PI ** 2 / 6;

/** ts_rank's value for one word found `n` times, every weight 1 (the SQL inverts it). */
export function tsRankOfOccurrences(n: number): number {
  let sum = 0;
  for (let k = 1; k <= n; k++) sum += 1 / (k * k);
  return sum / ZETA_2;
}

/** The inverse of tsRankOfOccurrences, as the SQL computes it. */
export function occurrencesOfTsRank(rank: number): number {
  if (rank <= 0) return 0;
  return Math.round(1 / (ZETA_2 * (1 - Math.min(rank, 0.9999))) - 0.5);
}
