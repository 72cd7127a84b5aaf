import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bm25Idf,
  bm25TermScore,
  candidateTiers,
  mostTellingTerms,
  occurrencesOfTsRank,
  selectiveTerms,
  tsRankOfOccurrences,
} from './bm25';
import { keywordsThenMeaning, meaningRowsUsable, reciprocalRankFusion, RRF_K } from './fusion';
import { highlightPrefixes, MATCH_END, MATCH_START, piecesFromHeadline, queryWords } from './highlight';
import { quoteLexeme } from './keyword-search.repo';
import { parseQueryText } from './query-text';
import { embedWithStaticVectors, wordsOf, wordWeight } from './static-embedder';
import {
  buildStaticVectors,
  readStaticVectors,
  STATIC_DIMENSIONS,
  type StaticVectors,
} from './static-vectors';

const hits = (...ids: string[]) => ids.map((id, rank) => ({ id, score: 100 - rank }));

describe('BM25', () => {
  it('gives rare terms a higher IDF and never a negative one', () => {
    expect(bm25Idf(1000, 1)).toBeGreaterThan(bm25Idf(1000, 100));
    expect(bm25Idf(1000, 900)).toBeGreaterThan(0);
    expect(bm25Idf(10, 50)).toBeGreaterThan(0);
    expect(bm25Idf(1000, 10)).toBeCloseTo(Math.log(1 + 990.5 / 10.5), 10);
  });

  it('saturates term frequency and favours shorter documents', () => {
    const once = bm25TermScore(2, 1, 100, 100);
    const twice = bm25TermScore(2, 2, 100, 100);
    const often = bm25TermScore(2, 50, 100, 100);
    expect(twice).toBeGreaterThan(once);
    expect(twice - once).toBeGreaterThan(often - bm25TermScore(2, 49, 100, 100));
    expect(often).toBeLessThan(2 * 2.2);
    expect(bm25TermScore(2, 1, 50, 100)).toBeGreaterThan(bm25TermScore(2, 1, 200, 100));
    expect(bm25TermScore(2, 0, 100, 100)).toBe(0);
    expect(once).toBeCloseTo(2, 10);
  });

  it("reads a word's occurrences back from ts_rank exactly", () => {
    for (let n = 0; n <= 40; n++) expect(occurrencesOfTsRank(n === 0 ? 0 : tsRankOfOccurrences(n))).toBe(n);
    // PostgreSQL's float4 rank for 3 occurrences (measured) inverts to 3.
    expect(occurrencesOfTsRank(0.82745636)).toBe(3);
  });

  it('lets only selective terms choose candidates', () => {
    const terms = [
      { lexeme: 'concert', idf: 1, documents: 9000 },
      { lexeme: 'harpsichord', idf: 5, documents: 12 },
    ];
    expect(selectiveTerms(terms, 5000).map((term) => term.lexeme)).toEqual(['harpsichord']);
    expect(selectiveTerms(terms.slice(0, 1), 5000)).toEqual([]);
  });

  it('lets the rarest terms choose candidates first, within the budget', () => {
    const term = (lexeme: string, documents: number) => ({ lexeme, idf: 1, documents });
    const tiers = candidateTiers(
      [term('tune', 400), term('harpsichord', 3), term('concert', 250), term('baroque', 40)],
      300,
    );
    expect(tiers.rarest.map((t) => t.lexeme)).toEqual(['harpsichord', 'baroque', 'concert']);
    expect(tiers.rest.map((t) => t.lexeme)).toEqual(['tune']);
    // One term always chooses, even over the budget.
    expect(candidateTiers([term('common', 4000)], 300).rarest).toHaveLength(1);
    expect(candidateTiers([], 300)).toEqual({ rarest: [], rest: [] });
  });

  it('scores a pasted paragraph by its rarest words only, in the order they came', () => {
    const term = (lexeme: string, documents: number) => ({ lexeme, idf: 1, documents });
    const terms = [term('the', 900), term('harpsichord', 3), term('concert', 250), term('baroque', 40)];
    expect(mostTellingTerms(terms, 2).map((t) => t.lexeme)).toEqual(['harpsichord', 'baroque']);
    expect(mostTellingTerms(terms, 4)).toBe(terms);
    const many = Array.from({ length: 200 }, (_, index) => term(`word${index}`, 200 - index));
    expect(mostTellingTerms(many)).toHaveLength(32);
    expect(mostTellingTerms(many)[0]?.lexeme).toBe('word168');
    // Words no post holds never crowd out one that does.
    const unknown = Array.from({ length: 40 }, (_, index) => term(`unknown${index}`, 0));
    expect(mostTellingTerms([...unknown, term('quokka', 1)]).map((t) => t.lexeme)).toContain('quokka');
  });

  it('quotes lexemes for tsquery input', () => {
    expect(quoteLexeme("it's")).toBe("'it''s'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
  });
});

describe('combining keywords and meaning', () => {
  it('keeps keyword order and fills the rest of the page with new meaning matches', () => {
    expect(keywordsThenMeaning(hits('a', 'b'), hits('c', 'a', 'd', 'e'), 4)).toEqual(['a', 'b', 'c', 'd']);
    expect(keywordsThenMeaning(hits('a', 'b', 'c'), hits('d'), 2)).toEqual(['a', 'b']);
    expect(keywordsThenMeaning([], hits('x'), 5)).toEqual(['x']);
  });

  it('gives the best meaning matches places right after the first five keyword hits, even on a full page', () => {
    const keywords = hits('k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10');
    const meaning = hits('k2', 'm1', 'k7', 'm2', 'm3', 'm4');
    // k2 is already shown; k7 moves up as a meaning match; m1 and m2 reach the first page.
    expect(keywordsThenMeaning(keywords, meaning, 10)).toEqual([
      'k1',
      'k2',
      'k3',
      'k4',
      'k5',
      'm1',
      'k7',
      'm2',
      'k6',
      'k8',
    ]);
  });

  it('asks for only the meaning matches a page full of keyword hits can still show', () => {
    // Every way the meaning list may overlap the keyword hits: the first keyword hits, later ones,
    // or none; the page is the same from the shortened list as from the whole one.
    const limit = 10;
    const keywords = hits(...Array.from({ length: 12 }, (_, i) => `k${i}`));
    const pools = [
      ['k0', 'k1', 'k2', 'k3', 'k4', 'm0', 'm1', 'm2', 'm3', 'm4', 'm5'],
      ['m0', 'k0', 'k6', 'm1', 'k1', 'k2', 'm2', 'k3', 'k4', 'm3', 'm4'],
      ['k7', 'k8', 'k9', 'm0', 'm1', 'm2', 'm3'],
      ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10'],
    ];
    for (const pool of pools) {
      const meaning = hits(...pool);
      for (const found of [limit, keywords.length]) {
        const usable = meaningRowsUsable(found, limit);
        expect(usable).toBeLessThan(limit);
        const page = keywordsThenMeaning(keywords.slice(0, found), meaning, limit);
        expect(keywordsThenMeaning(keywords.slice(0, found), meaning.slice(0, usable), limit)).toEqual(page);
      }
    }
    // Fewer keyword hits than a page: meaning fills it, so the whole page of meaning is asked for.
    expect(meaningRowsUsable(limit - 1, limit)).toBe(limit);
  });

  it('fuses rankings by reciprocal rank', () => {
    // b is second in both lists: 2/(K+2) beats a's 1/(K+1) + 1/(K+4).
    const fused = reciprocalRankFusion([hits('a', 'b', 'c'), hits('d', 'b', 'e', 'a')], 3);
    expect(fused[0]).toBe('b');
    expect(2 / (RRF_K + 2)).toBeGreaterThan(1 / (RRF_K + 1) + 1 / (RRF_K + 4));
    expect(fused).toHaveLength(3);
    expect(new Set(fused).size).toBe(3);
  });
});

describe('query text and highlights', () => {
  it('splits excluded words from wanted ones', () => {
    expect(parseQueryText('"sailing lessons" -weekend')).toEqual({
      wanted: '"sailing lessons"',
      excluded: 'weekend',
    });
    expect(parseQueryText('state-of-the-art - x')).toEqual({
      wanted: 'state-of-the-art - x',
      excluded: null,
    });
  });

  it('turns ts_headline markers into pieces and never leaks a marker', () => {
    expect(piecesFromHeadline(`a ${MATCH_START}cat${MATCH_END} sat`)).toEqual([
      { text: 'a ', match: false },
      { text: 'cat', match: true },
      { text: ' sat', match: false },
    ]);
    const stray = piecesFromHeadline(`x${MATCH_END}y${MATCH_START}z`);
    expect(stray.map((piece) => piece.text).join('')).toBe('xyz');
  });

  it('marks words that start with a query word', () => {
    expect(queryWords('Ann, ann  B!')).toEqual(['ann']);
    expect(highlightPrefixes('Annabel Lee', ['ann'])).toEqual([
      { text: 'Annabel', match: true },
      { text: ' Lee', match: false },
    ]);
  });
});

/** A tiny vector table: rank = row; cat and kitten point the same way, car elsewhere. */
function tinyVectors(): StaticVectors {
  const words = ['the', 'cat', 'kitten', 'car', 'sofa'];
  const directions = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0.9, 0.1],
    [0, 0, 1],
    [0.5, 0.5, 0],
  ];
  const values = new Int8Array(words.length * STATIC_DIMENSIONS);
  const scales = new Float32Array(words.length);
  directions.forEach((direction, row) => {
    scales[row] = 1 / 127;
    direction.forEach((value, d) => (values[row * STATIC_DIMENSIONS + d] = Math.round(value * 127)));
  });
  return { dimensions: STATIC_DIMENSIONS, rows: new Map(words.map((w, i) => [w, i])), values, scales };
}

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe('static embeddings', () => {
  it('averages known words, skipping stop words, and returns unit vectors', () => {
    const vectors = tinyVectors();
    const cat = embedWithStaticVectors(vectors, 'The cat')!;
    expect(Math.hypot(...cat)).toBeCloseTo(1, 5);
    // "the" is a stop word: the vector is the cat's direction alone.
    expect(cat[1]).toBeCloseTo(1, 2);
    expect(cosine(embedWithStaticVectors(vectors, 'kittens')!, cat)).toBeGreaterThan(0.95);
    expect(cosine(embedWithStaticVectors(vectors, 'car')!, cat)).toBeLessThan(0.1);
    expect(embedWithStaticVectors(vectors, 'the and of xyzzy')).toBeNull();
  });

  it('weighs rarer words more (an IDF estimate from the frequency rank)', () => {
    expect(wordWeight(10_000)).toBeGreaterThan(wordWeight(100));
    expect(wordWeight(0)).toBe(0);
    const mixed = embedWithStaticVectors(tinyVectors(), 'cat sofa')!;
    // sofa (rank 4) outweighs cat (rank 1): the mean leans to sofa's first axis.
    expect(mixed[0]!).toBeGreaterThan(0.3);
    expect(wordsOf("Don't stop-me NOW")).toEqual(["don't", 'stop-me', 'now']);
  });

  it("converts the package's JSON into the compact file and reads it back", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-vectors-'));
    const source = path.join(dir, 'source.json');
    const vector = (seed: number, rank: number) =>
      [...Array.from({ length: STATIC_DIMENSIONS }, (_, d) => ((d + seed) % 7) - 3), 9.9, rank].join(',');
    fs.writeFileSync(
      source,
      `{"precision":8,"words":["the",","],"vectors":{"the":[${vector(1, 0)}],",":[${vector(2, 1)}],"cat":[${vector(3, 2)}]},"unkVector":[0]}`,
    );
    const file = path.join(dir, 'out.bin');
    await buildStaticVectors(file, source);
    const loaded = readStaticVectors(file)!;
    expect([...loaded.rows.keys()]).toEqual(['the', 'cat']);
    expect(loaded.rows.get('cat')).toBe(2);
    const row = 2 * STATIC_DIMENSIONS;
    const restored = Array.from(loaded.values.slice(row, row + 5)).map((v) => v * loaded.scales[2]!);
    const original = Array.from({ length: 5 }, (_, d) => ((d + 3) % 7) - 3);
    const norm = Math.hypot(...Array.from({ length: STATIC_DIMENSIONS }, (_, d) => ((d + 3) % 7) - 3));
    restored.forEach((value, d) => expect(value).toBeCloseTo(original[d]! / norm, 2));
    expect(readStaticVectors(path.join(dir, 'missing.bin'))).toBeNull();
  });
});
