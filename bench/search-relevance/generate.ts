// Builds the search relevance set from the hand-written material: judged posts, distractors and
// seeded filler, shuffled, with queries and graded judgements. Deterministic: the same material
// always gives the same files. `npx tsx bench/search-relevance/generate.ts` rewrites the JSON
// next to this file; `--check` only verifies that the committed files match.
import fs from 'node:fs';
import path from 'node:path';
import { FILLER, SLOTS } from './material/filler';
import { HOME_TOPICS } from './material/topics-home';
import { OUTDOOR_TOPICS } from './material/topics-outdoors';
import type { Topic } from './material/types';
import { sharedStems } from './text';

export const TOTAL_POSTS = 1000;
const SEED = 20261123;
export const TITLE_MAX = 200;
export const CONTENT_MAX = 2000;

export type QueryType = 'question' | 'keyword' | 'paraphrase';

export interface BenchPost {
  id: string;
  title: string;
  content: string;
  domain: string;
  kind: 'judged' | 'distractor' | 'filler';
}

export interface BenchQuery {
  id: string;
  type: QueryType;
  text: string;
  topic: string;
}

/** Query id -> post id -> grade (2 answers it, 1 partly, 0 judged not relevant). */
export type Qrels = Record<string, Record<string, number>>;

export interface RelevanceSet {
  posts: BenchPost[];
  queries: BenchQuery[];
  qrels: Qrels;
}

export const TOPICS: Topic[] = [...OUTDOOR_TOPICS, ...HOME_TOPICS];

/** mulberry32: a small seeded PRNG, so the filler is the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fillerPost(next: () => number, index: number): Omit<BenchPost, 'id'> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, slot: keyof typeof SLOTS) => pick(SLOTS[slot]));
  const domain = FILLER[index % FILLER.length]!;
  const count = 2 + Math.floor(next() * 4);
  const pool = [...domain.sentences];
  const chosen: string[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(fill(pool.splice(Math.floor(next() * pool.length), 1)[0]!));
  }
  const cut = chosen.length > 3 ? 2 : chosen.length;
  const paragraphs = [chosen.slice(0, cut).join(' '), chosen.slice(cut).join(' ')].filter(Boolean);
  if (domain.items && next() < 0.25) {
    const items = [...domain.items].sort(() => next() - 0.5).slice(0, 3);
    paragraphs.push(`What to bring:\n${items.map((item) => `- ${item}`).join('\n')}`);
  }
  return {
    title: fill(pick(domain.titles)),
    content: paragraphs.join('\n\n'),
    domain: domain.domain,
    kind: 'filler',
  };
}

function exclusivePattern(term: string): RegExp {
  const escaped = term.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b${escaped}(s|es|ed|ing|er|ers)?\\b`);
}

/** Builds the set in memory; throws when the material breaks one of the set's rules. */
export function buildRelevanceSet(): RelevanceSet {
  const next = random(SEED);
  const written: Array<Omit<BenchPost, 'id'> & { topic: string; grade: number }> = [];
  for (const topic of TOPICS) {
    for (const post of topic.relevant)
      written.push({ ...post, domain: topic.domain, kind: 'judged', topic: topic.id });
    for (const post of topic.distractors) {
      written.push({ ...post, domain: topic.domain, kind: 'distractor', topic: topic.id, grade: 0 });
    }
  }
  const exclusive = TOPICS.flatMap((topic) =>
    topic.exclusive.map((term) => ({ topic: topic.id, term, re: exclusivePattern(term) })),
  );
  const filler: Array<Omit<BenchPost, 'id'>> = [];
  for (let index = 0; filler.length < TOTAL_POSTS - written.length; index++) {
    const post = fillerPost(next, index);
    const text = `${post.title}\n${post.content}`.toLowerCase();
    const hit = exclusive.find(({ re }) => re.test(text));
    if (hit) throw new Error(`filler post uses "${hit.term}" (exclusive to ${hit.topic}): ${post.title}`);
    filler.push(post);
  }

  // Shuffle everything together so judged posts are not clustered in insertion (creation) order.
  const all = [
    ...written.map((post) => ({ post, topic: post.topic, grade: post.grade })),
    ...filler.map((post) => ({ post, topic: null, grade: 0 })),
  ];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  const posts: BenchPost[] = all.map(({ post }, i) => ({
    id: `p${String(i + 1).padStart(4, '0')}`,
    title: post.title,
    content: post.content,
    domain: post.domain,
    kind: post.kind,
  }));
  for (const post of posts) {
    if (post.title.length > TITLE_MAX || post.content.length > CONTENT_MAX) {
      throw new Error(`post ${post.id} is over the limits: ${post.title}`);
    }
  }

  const queries: BenchQuery[] = [];
  const qrels: Qrels = {};
  TOPICS.forEach((topic) => {
    const judged: Record<string, number> = {};
    all.forEach(({ topic: owner, grade }, i) => {
      if (owner === topic.id) judged[posts[i]!.id] = grade;
    });
    const asked: Array<[QueryType, string]> = [
      ['question', topic.question],
      ['keyword', topic.keywords],
      ['paraphrase', topic.paraphrase],
    ];
    for (const [type, text] of asked) {
      const id = `q${String(queries.length + 1).padStart(3, '0')}`;
      queries.push({ id, type, text, topic: topic.id });
      qrels[id] = { ...judged };
    }
  });

  const overlaps = paraphraseOverlaps({ posts, queries, qrels });
  if (overlaps.length > 0) {
    throw new Error(
      `paraphrases share words with their relevant posts:\n${overlaps.map((o) => `  ${o.query}: ${o.shared.join(', ')} (${o.post})`).join('\n')}`,
    );
  }
  return { posts, queries, qrels };
}

/** Paraphrase queries that share a content word with one of their relevant posts (should be none). */
export function paraphraseOverlaps(
  set: RelevanceSet,
): Array<{ query: string; post: string; shared: string[] }> {
  const byId = new Map(set.posts.map((post) => [post.id, post]));
  const found: Array<{ query: string; post: string; shared: string[] }> = [];
  for (const query of set.queries.filter((q) => q.type === 'paraphrase')) {
    for (const [postId, grade] of Object.entries(set.qrels[query.id] ?? {})) {
      if (grade <= 0) continue;
      const post = byId.get(postId)!;
      const shared = sharedStems(query.text, `${post.title}\n${post.content}`);
      if (shared.length > 0) found.push({ query: `${query.id} "${query.text}"`, post: postId, shared });
    }
  }
  return found;
}

const FILES = { posts: 'posts.json', queries: 'queries.json', qrels: 'qrels.json' } as const;

export function setDirectory(): string {
  return import.meta.dirname;
}

export function readRelevanceSet(): RelevanceSet {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(setDirectory(), file), 'utf8'));
  return { posts: read(FILES.posts), queries: read(FILES.queries), qrels: read(FILES.qrels) };
}

function serialise(set: RelevanceSet) {
  return {
    [FILES.posts]: `${JSON.stringify(set.posts, null, 2)}\n`,
    [FILES.queries]: `${JSON.stringify(set.queries, null, 2)}\n`,
    [FILES.qrels]: `${JSON.stringify(set.qrels, null, 2)}\n`,
  };
}

/** Whether the committed JSON is exactly what the material and generator produce. */
export function committedSetMatchesGenerator(): boolean {
  const expected = serialise(buildRelevanceSet());
  return Object.entries(expected).every(([file, text]) => {
    const target = path.join(setDirectory(), file);
    return fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--check')) {
    const same = committedSetMatchesGenerator();
    console.log(
      same
        ? 'The committed relevance set matches the generator.'
        : 'The committed relevance set differs from the generator.',
    );
    process.exitCode = same ? 0 : 1;
  } else {
    const set = buildRelevanceSet();
    for (const [file, text] of Object.entries(serialise(set)))
      fs.writeFileSync(path.join(setDirectory(), file), text);
    const counts = { question: 0, keyword: 0, paraphrase: 0 };
    for (const query of set.queries) counts[query.type]++;
    console.log(
      `${set.posts.length} posts, ${set.queries.length} queries (${counts.question} questions, ${counts.keyword} keyword, ${counts.paraphrase} paraphrases) written to ${setDirectory()}`,
    );
  }
}
