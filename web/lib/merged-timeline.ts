/**
 * Two cursor-paged lists, each newest first by (created_at, id), shown as one list in time order
 * (a group's posts and the links shared into it, ADR 046). Each list pages on its own cursor; the
 * merged list shows only what is certain to be in its place: nothing older than the oldest item
 * loaded of a list that still has pages, since that list's next page may hold items newer than it.
 * Loading more loads that list, the one holding the others back.
 */

export interface TimedItem {
  id: string;
  created_at: string;
}

export interface PagedStream<T extends TimedItem> {
  /** The items loaded so far, newest first. */
  items: readonly T[];
  hasNextPage: boolean;
}

export interface MergedTimeline<A, B> {
  /** Newest first; each entry says which list it came from. */
  entries: Array<{ kind: 'first'; item: A } | { kind: 'second'; item: B }>;
  /** The list to page next (the one whose last item bounds what is shown), or null when both are done. */
  next: 'first' | 'second' | null;
}

/** Positive when `a` is newer than `b` (created_at, then id, as the server's keyset orders them). */
export function compareNewest(a: TimedItem, b: TimedItem): number {
  const byTime = Date.parse(a.created_at) - Date.parse(b.created_at);
  if (byTime !== 0) return byTime;
  return a.id === b.id ? 0 : a.id > b.id ? 1 : -1;
}

/** The item below which a list with more pages may still hide newer ones (null: no bound). */
function boundOf<T extends TimedItem>(stream: PagedStream<T>): T | null {
  return stream.hasNextPage ? (stream.items[stream.items.length - 1] ?? null) : null;
}

export function mergeTimelines<A extends TimedItem, B extends TimedItem>(
  first: PagedStream<A>,
  second: PagedStream<B>,
): MergedTimeline<A, B> {
  const firstBound = boundOf(first);
  const secondBound = boundOf(second);
  let bound: TimedItem | null = null;
  let next: MergedTimeline<A, B>['next'] = null;
  // A list with pages to come but nothing loaded bounds nothing yet; its first page is on its way.
  if (firstBound && (!secondBound || compareNewest(firstBound, secondBound) >= 0)) {
    bound = firstBound;
    next = 'first';
  } else if (secondBound) {
    bound = secondBound;
    next = 'second';
  }
  const entries: MergedTimeline<A, B>['entries'] = [
    ...first.items.map((item) => ({ kind: 'first' as const, item })),
    ...second.items.map((item) => ({ kind: 'second' as const, item })),
  ];
  entries.sort((a, b) => compareNewest(b.item, a.item));
  const shown = bound ? entries.filter((entry) => compareNewest(entry.item, bound) >= 0) : entries;
  if (!next && first.hasNextPage) next = 'first';
  if (!next && second.hasNextPage) next = 'second';
  return { entries: shown, next };
}
