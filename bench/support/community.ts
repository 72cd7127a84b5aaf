// The pure parts of `npm run bench:seed`: a seeded PRNG, the size of each table for a number of
// posts, and Markdown text drawn from a word mix. Same seed, same community.

/** A 32-bit seeded PRNG (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An integer in [0, n). */
export function randomInt(random: () => number, n: number): number {
  return Math.floor(random() * n);
}

/** `count` distinct integers in [0, n), none equal to `except` (count is capped at what exists). */
export function distinctInts(random: () => number, n: number, count: number, except = -1): number[] {
  const available = except >= 0 && except < n ? n - 1 : n;
  const wanted = Math.min(count, available);
  const picked = new Set<number>();
  while (picked.size < wanted) {
    const value = randomInt(random, n);
    if (value !== except) picked.add(value);
  }
  return [...picked];
}

export interface CommunityShape {
  posts: number;
  members: number;
  groups: number;
  /** One post in this many is in a group (the rest are for every member). */
  groupPostEvery: number;
  links: number;
  publishedPosts: number;
  /** Comments on the one post the HTTP bench opens (a long conversation). */
  hotPostComments: number;
}

/**
 * How many of everything a community of `posts` posts holds: one member per 50 posts (at least 20,
 * at most 20,000), one group per 20 members (3 to 500), a link per 20 posts, a published post per
 * 50 posts.
 */
export function communityShape(posts: number): CommunityShape {
  if (!Number.isInteger(posts) || posts < 1) throw new Error('posts must be a positive integer');
  const members = Math.min(20_000, Math.max(20, Math.round(posts / 50)));
  return {
    posts,
    members,
    groups: Math.min(500, Math.max(3, Math.round(members / 20))),
    groupPostEvery: 3,
    links: Math.max(1, Math.round(posts / 20)),
    publishedPosts: Math.max(1, Math.round(posts / 50)),
    hotPostComments: 200,
  };
}

// Common words first: words are drawn with a skew towards the start, so a few words appear in
// many posts (as in any community) and the rest in few.
export const WORDS = (
  'the and a to of in is it that for on with this was we you our at be have are but not so ' +
  'they from or all just about there one what can like time when more some will would get ' +
  'garden school weekend dinner market bike walk rain train river coffee bread music book film ' +
  'photo recipe soup tomato kitchen window street park library concert festival neighbour ' +
  'children holiday beach mountain forest lake harvest autumn winter spring summer evening ' +
  'morning project meeting volunteer repair fence paint bakery ferry station ticket lunch ' +
  'picnic football chess choir theatre museum gallery bridge castle village harbour lighthouse ' +
  'orchard apple cherry plum honey cheese lantern candle quilt pottery sketch poem letter map ' +
  'compass telescope comet meteor eclipse tide glacier canyon meadow hedgehog otter heron ' +
  'sparrow beetle fern moss lichen mushroom acorn chestnut walnut thistle bramble'
).split(' ');

/** A word from the mix, common words far more often than rare ones. */
export function word(random: () => number): string {
  return WORDS[Math.floor(random() ** 2.2 * WORDS.length)]!;
}

function sentence(random: () => number, words: number): string {
  const parts = Array.from({ length: words }, () => word(random));
  const text = parts.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** A title (TL;DR) of three to nine words. */
export function title(random: () => number): string {
  return sentence(random, 3 + randomInt(random, 7)).slice(0, -1);
}

/**
 * A Markdown body: one to five paragraphs (most posts short, a few long), sometimes a list, bold
 * or italic words, a link or a heading.
 */
export function markdownBody(random: () => number): string {
  const paragraphs = 1 + Math.floor(random() ** 2 * 5);
  const blocks: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const roll = random();
    if (roll < 0.08) blocks.push(`## ${title(random)}`);
    if (roll > 0.9) {
      const items = 2 + randomInt(random, 4);
      blocks.push(
        Array.from({ length: items }, () => `- ${sentence(random, 2 + randomInt(random, 6))}`).join('\n'),
      );
      continue;
    }
    const sentences = Array.from({ length: 1 + randomInt(random, 5) }, () =>
      sentence(random, 4 + randomInt(random, 14)),
    );
    if (roll > 0.7) sentences[0] = `**${sentences[0]!.slice(0, -1)}**.`;
    if (roll > 0.55 && roll <= 0.7)
      sentences.push(`See [${word(random)}](https://example.org/${word(random)}).`);
    if (roll < 0.2) sentences.push(`_${sentence(random, 3)}_`);
    blocks.push(sentences.join(' '));
  }
  return blocks.join('\n\n');
}

/** A comment: one or two short sentences. */
export function commentText(random: () => number): string {
  return Array.from({ length: 1 + randomInt(random, 2) }, () =>
    sentence(random, 3 + randomInt(random, 12)),
  ).join(' ');
}
