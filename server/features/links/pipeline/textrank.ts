/**
 * Extractive summaries by TextRank: sentences are TF-IDF vectors, linked by cosine similarity, and
 * ranked by PageRank over that graph; the best are kept in reading order. Offline and deterministic.
 */

export interface ExtractiveSummary {
  /** The best-ranked sentence. */
  sentence: string;
  /** Three to five of the best-ranked sentences, in reading order (fewer when the text has fewer). */
  paragraph: string;
}

/** Only the opening of very long texts is ranked: the graph grows with the square of the sentence count. */
const MAX_SENTENCES = 300;
const MIN_SENTENCE_CHARS = 25;
const MAX_SENTENCE_CHARS = 500;
const SENTENCE_SUMMARY_MAX_CHARS = 320;
const DAMPING = 0.85;

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers ' +
    'herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on ' +
    'once only or other our ours ourselves out over own same she should so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours yourself yourselves also may might must shall one two new said ' +
    'says like get got many much even still yet however within without via per le la les de des du un une et est en'
  ).split(' '),
);

export function splitSentences(text: string, language: string | null = null): string[] {
  const segmenter = new Intl.Segmenter(language ?? 'en', { granularity: 'sentence' });
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    for (const { segment } of segmenter.segment(paragraph)) {
      const sentence = segment.replace(/\s+/g, ' ').trim();
      if (sentence) sentences.push(sentence);
    }
  }
  return sentences;
}

export function words(sentence: string, language: string | null = null): string[] {
  const segmenter = new Intl.Segmenter(language ?? 'en', { granularity: 'word' });
  const out: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(sentence.toLowerCase())) {
    if (!isWordLike || STOP_WORDS.has(segment) || /^\d+$/.test(segment)) continue;
    out.push(stem(segment));
  }
  return out;
}

/** A light English suffix stripper: enough for "markets" and "market" to count as one word. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function summariseExtractively(
  text: string,
  language: string | null = null,
): ExtractiveSummary | null {
  const all = splitSentences(text, language);
  const candidates = all
    .map((sentence, position) => ({ sentence, position }))
    .filter(({ sentence }) => isProse(sentence))
    .slice(0, MAX_SENTENCES);
  if (candidates.length === 0) {
    const first = all.find((sentence) => sentence.length >= 3);
    return first ? { sentence: clipSentence(first), paragraph: all.slice(0, 5).join(' ') } : null;
  }
  const vectors = tfIdf(candidates.map(({ sentence }) => words(sentence, language)));
  const scores = pageRank(similarityGraph(vectors));
  const ranked = candidates
    .map((candidate, index) => ({ ...candidate, score: scores[index]! }))
    .sort((a, b) => b.score - a.score || a.position - b.position);

  const paragraphCount = Math.min(
    ranked.length,
    candidates.length >= 12 ? 5 : candidates.length >= 6 ? 4 : 3,
  );
  const paragraph = ranked
    .slice(0, paragraphCount)
    .sort((a, b) => a.position - b.position)
    .map(({ sentence }) => sentence)
    .join(' ');
  return { sentence: clipSentence(ranked[0]!.sentence), paragraph };
}

function isProse(sentence: string): boolean {
  if (sentence.length < MIN_SENTENCE_CHARS || sentence.length > MAX_SENTENCE_CHARS) return false;
  const letters = sentence.replace(/[^\p{L}]/gu, '').length;
  return letters / sentence.length > 0.6 && sentence.split(' ').length >= 4;
}

function clipSentence(sentence: string): string {
  if (sentence.length <= SENTENCE_SUMMARY_MAX_CHARS) return sentence;
  const cut = sentence.lastIndexOf(' ', SENTENCE_SUMMARY_MAX_CHARS - 1);
  return `${sentence.slice(0, cut > 0 ? cut : SENTENCE_SUMMARY_MAX_CHARS - 1).replace(/[,;:\s]+$/, '')}…`;
}

type SparseVector = Map<string, number>;

function tfIdf(documents: string[][]): SparseVector[] {
  const documentFrequency = new Map<string, number>();
  for (const terms of documents) {
    for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const count = documents.length;
  return documents.map((terms) => {
    const vector: SparseVector = new Map();
    for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + 1);
    let norm = 0;
    for (const [term, frequency] of vector) {
      const weight =
        (1 + Math.log(frequency)) * (Math.log((1 + count) / (1 + documentFrequency.get(term)!)) + 1);
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

function similarityGraph(vectors: SparseVector[]): number[][] {
  const size = vectors.length;
  const graph = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const [small, large] =
        vectors[i]!.size < vectors[j]!.size ? [vectors[i]!, vectors[j]!] : [vectors[j]!, vectors[i]!];
      let dot = 0;
      for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
      graph[i]![j] = dot;
      graph[j]![i] = dot;
    }
  }
  return graph;
}

/** Weighted PageRank; a sentence linked to nothing spreads its rank evenly (so ranks stay a distribution). */
function pageRank(graph: number[][], iterations = 50, tolerance = 1e-6): number[] {
  const size = graph.length;
  const outWeight = graph.map((row) => row.reduce((sum, weight) => sum + weight, 0));
  let ranks = new Array<number>(size).fill(1 / size);
  for (let round = 0; round < iterations; round++) {
    const dangling = ranks.reduce((sum, rank, i) => (outWeight[i] === 0 ? sum + rank : sum), 0);
    const next = new Array<number>(size).fill((1 - DAMPING) / size + (DAMPING * dangling) / size);
    for (let i = 0; i < size; i++) {
      if (outWeight[i] === 0) continue;
      const share = (DAMPING * ranks[i]!) / outWeight[i]!;
      const row = graph[i]!;
      for (let j = 0; j < size; j++) if (row[j]! > 0) next[j]! += share * row[j]!;
    }
    const change = next.reduce((sum, rank, i) => sum + Math.abs(rank - ranks[i]!), 0);
    ranks = next;
    if (change < tolerance) break;
  }
  return ranks;
}
