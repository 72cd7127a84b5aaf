import { describe, expect, it } from 'vitest';
import { compareNewest, mergeTimelines } from './merged-timeline';

const at = (id: string, minute: number) => ({
  id,
  created_at: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
});
const ids = (merged: ReturnType<typeof mergeTimelines>) => merged.entries.map((entry) => entry.item.id);

describe('mergeTimelines', () => {
  it('interleaves two finished lists newest first', () => {
    const posts = { items: [at('p3', 30), at('p1', 10)], hasNextPage: false };
    const links = { items: [at('l2', 20), at('l0', 5)], hasNextPage: false };
    const merged = mergeTimelines(posts, links);
    expect(ids(merged)).toEqual(['p3', 'l2', 'p1', 'l0']);
    expect(merged.entries.map((entry) => entry.kind)).toEqual(['first', 'second', 'first', 'second']);
    expect(merged.next).toBeNull();
  });

  it('holds back what a list with more pages might still precede, and pages that list next', () => {
    // Posts stop at minute 30 with more to come: the link of minute 20 must wait for them.
    const posts = { items: [at('p5', 50), at('p3', 30)], hasNextPage: true };
    const links = { items: [at('l4', 40), at('l2', 20)], hasNextPage: false };
    const merged = mergeTimelines(posts, links);
    expect(ids(merged)).toEqual(['p5', 'l4', 'p3']);
    expect(merged.next).toBe('first');
  });

  it('pages the list whose last item is newest when both have more', () => {
    const posts = { items: [at('p5', 50), at('p1', 10)], hasNextPage: true };
    const links = { items: [at('l4', 40)], hasNextPage: true };
    const merged = mergeTimelines(posts, links);
    expect(ids(merged)).toEqual(['p5', 'l4']);
    expect(merged.next).toBe('second');
  });

  it('shows everything of a finished list once the other is done, and orders ties by id', () => {
    const posts = { items: [at('b', 10)], hasNextPage: false };
    const links = { items: [at('c', 10), at('a', 10)], hasNextPage: false };
    expect(ids(mergeTimelines(posts, links))).toEqual(['c', 'b', 'a']);
    expect(compareNewest(at('c', 10), at('a', 10))).toBeGreaterThan(0);
  });

  it('asks for the first page of a list that has none loaded yet', () => {
    const merged = mergeTimelines(
      { items: [], hasNextPage: true },
      { items: [at('l', 1)], hasNextPage: false },
    );
    expect(ids(merged)).toEqual(['l']);
    expect(merged.next).toBe('first');
  });
});
