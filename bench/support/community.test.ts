import { describe, expect, it } from 'vitest';
import { commentText, communityShape, distinctInts, markdownBody, seededRandom, title } from './community';

describe('the seed community', () => {
  it('draws the same numbers for the same seed and different ones for another, all in [0, 1)', () => {
    const a = seededRandom(11);
    const b = seededRandom(11);
    const c = seededRandom(12);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    // Spread over the interval, not stuck in one corner.
    expect(first.filter((x) => x < 0.5).length).toBeGreaterThan(400);
    expect(first.filter((x) => x < 0.5).length).toBeLessThan(600);
  });

  it('picks distinct values, never the excluded one, and no more than exist', () => {
    const random = seededRandom(1);
    for (let round = 0; round < 200; round++) {
      const picked = distinctInts(random, 10, 5, 3);
      expect(new Set(picked).size).toBe(5);
      expect(picked).not.toContain(3);
      expect(picked.every((x) => x >= 0 && x < 10)).toBe(true);
    }
    expect(distinctInts(random, 4, 10, 0).sort()).toEqual([1, 2, 3]);
    expect(distinctInts(random, 4, 10).sort()).toEqual([0, 1, 2, 3]);
  });

  it('sizes the community by its posts, within bounds', () => {
    expect(communityShape(20_000)).toMatchObject({
      posts: 20_000,
      members: 400,
      groups: 20,
      links: 1_000,
      publishedPosts: 400,
    });
    expect(communityShape(100)).toMatchObject({ members: 20, groups: 3 });
    expect(communityShape(1_000_000)).toMatchObject({ members: 20_000, groups: 500, links: 50_000 });
    expect(() => communityShape(0)).toThrow();
    expect(() => communityShape(1.5)).toThrow();
  });

  it('writes Markdown and titles of the same text for the same seed, with a skewed word mix', () => {
    const body = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 200 }, () => markdownBody(random));
    };
    expect(body(5)).toEqual(body(5));
    const bodies = body(5);
    expect(bodies.some((b) => b.includes('\n\n'))).toBe(true);
    expect(bodies.some((b) => /\*\*[^*]+\*\*/.test(b))).toBe(true);
    expect(bodies.some((b) => /^- /m.test(b))).toBe(true);
    expect(bodies.some((b) => /\[[a-z]+\]\(https:\/\/example\.org\/[a-z]+\)/.test(b))).toBe(true);
    const words = bodies
      .join(' ')
      .toLowerCase()
      .match(/[a-z]+/g)!;
    const counts = new Map<string, number>();
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    // The commonest word is far more frequent than a typical one.
    const sorted = [...counts.values()].sort((x, y) => y - x);
    expect(sorted[0]!).toBeGreaterThan(5 * sorted[Math.floor(sorted.length / 2)]!);
    const random = seededRandom(9);
    for (let i = 0; i < 100; i++) {
      const t = title(random);
      expect(t.split(' ').length).toBeGreaterThanOrEqual(3);
      expect(t.split(' ').length).toBeLessThanOrEqual(9);
      expect(commentText(random).length).toBeGreaterThan(0);
    }
  });
});
