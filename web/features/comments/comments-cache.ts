import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { CursorPage } from '@web/lib/pagination';
import type { BaseComment, ConversationAdapter, Thread } from './adapter';

/**
 * A conversation keeps its comments as cursor pages under the adapter's queryKey, and the further
 * replies of a comment under that key + ['replies', commentId]: one prefix, so a change to a comment
 * reaches every copy with one call.
 *
 * A comment may arrive twice, from the member's own answer and from the live stream (ADR 047), in
 * either order: adding is by id (a second arrival replaces the first), and the subject's count moves
 * once per comment, only for the member's own answer; the live stream brings counts of its own.
 */
export type CommentPages<F extends BaseComment> = InfiniteData<CursorPage<Thread<F>>, string | null>;

export const repliesKey = (queryKey: QueryKey, commentId: string) =>
  [...queryKey, 'replies', commentId] as const;

type Cached<F extends BaseComment> = Pick<ConversationAdapter<F>, 'queryKey' | 'adjustCount'>;

/** Where a change comes from: the member's own answer (counts move here) or the live stream. */
type Source = { live?: boolean };

const seenByClient = new WeakMap<QueryClient, Set<string>>();

/** True the first time this client meets `key` (a comment's arrival or its removal), false after. */
function firstTime(queryClient: QueryClient, key: string): boolean {
  let seen = seenByClient.get(queryClient);
  if (!seen) seenByClient.set(queryClient, (seen = new Set()));
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/**
 * The live stream announced a new comment: noted at once, before it is loaded, so the member's own
 * answer for it, arriving meanwhile, does not count it a second time.
 */
export function noteLiveComment(queryClient: QueryClient, commentId: string): void {
  firstTime(queryClient, `added:${commentId}`);
}

/** Whether this comment was removed in this tab (a late answer must not bring it back). */
export function wasRemoved(queryClient: QueryClient, commentId: string): boolean {
  return seenByClient.get(queryClient)?.has(`removed:${commentId}`) ?? false;
}

function mapComments<F extends BaseComment>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  map: (comments: Thread<F>[]) => Thread<F>[],
) {
  queryClient.setQueriesData<CommentPages<F>>({ queryKey }, (data) =>
    data?.pages ? { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) } : data,
  );
}

/** Whether any cached page under the conversation's key (its comments, any replies loaded) holds it. */
export function isCached<F extends BaseComment>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  id: string,
): boolean {
  return queryClient
    .getQueriesData<CommentPages<F>>({ queryKey })
    .some(([, data]) =>
      data?.pages?.some((page) =>
        page.items.some((comment) => comment.id === id || (comment.replies ?? []).some((r) => r.id === id)),
      ),
    );
}

/** Oldest first, as the server sends them: `(created_at, id)`. */
function inOrder<T extends BaseComment>(items: T[], added: T): T[] {
  const after = items.findIndex(
    (item) =>
      item.created_at > added.created_at || (item.created_at === added.created_at && item.id > added.id),
  );
  return after === -1 ? [...items, added] : [...items.slice(0, after), added, ...items.slice(after)];
}

/** A comment as the server now has it (after an edit, a like or a reaction), wherever it is shown. */
export function replaceCachedComment<F extends BaseComment>(
  queryClient: QueryClient,
  { queryKey }: Pick<Cached<F>, 'queryKey'>,
  updated: F,
) {
  const swap = <T extends F>(comment: T): T =>
    comment.id === updated.id ? { ...comment, ...updated } : comment;
  mapComments<F>(queryClient, queryKey, (comments) =>
    comments.map((comment) => ({ ...swap(comment), replies: (comment.replies ?? []).map(swap) })),
  );
}

/**
 * A new top-level comment takes its place (by time) on the last loaded page; a reply goes under its
 * comment. One already shown is replaced instead, so it never shows twice.
 */
export function addCachedComment<F extends BaseComment>(
  queryClient: QueryClient,
  { queryKey, adjustCount }: Cached<F>,
  added: Thread<F> | F,
  { live = false }: Source = {},
) {
  const counts = firstTime(queryClient, `added:${added.id}`);
  const { replies: _replies, ...fields } = added as Thread<F>;
  if (isCached(queryClient, queryKey, added.id)) {
    replaceCachedComment(queryClient, { queryKey }, fields as unknown as F);
  } else if (added.parent_id) {
    mapComments<F>(queryClient, queryKey, (comments) =>
      comments.map((comment) =>
        comment.id === added.parent_id
          ? {
              ...comment,
              replies: inOrder(comment.replies, fields as unknown as F),
              replies_count: comment.replies_count + 1,
            }
          : comment,
      ),
    );
  } else {
    queryClient.setQueryData<CommentPages<F>>(queryKey, (data) => {
      if (!data || data.pages.length === 0) return data;
      const pages = [...data.pages];
      const last = pages[pages.length - 1]!;
      // With more pages still to load, the new comment will come with them (oldest first).
      if (last.hasNextPage) return data;
      const item = { ...(fields as unknown as F), replies: (added as Thread<F>).replies ?? [] } as Thread<F>;
      pages[pages.length - 1] = { ...last, items: inOrder(last.items, item) };
      return { ...data, pages };
    });
  }
  if (counts && !live) adjustCount(queryClient, 1);
}

/**
 * A deleted comment leaves every list; its replies go with it. The parent's reply count and the
 * subject's count move once, whichever of the member's answer and the live stream came first (the
 * live stream moves no subject count: its own counts follow).
 */
export function removeCachedComment<F extends BaseComment>(
  queryClient: QueryClient,
  { queryKey, adjustCount }: Cached<F>,
  removed: Pick<BaseComment, 'id' | 'parent_id' | 'replies_count'>,
  { live = false }: Source = {},
) {
  const first = firstTime(queryClient, `removed:${removed.id}`);
  mapComments<F>(queryClient, queryKey, (comments) =>
    comments
      .filter((comment) => comment.id !== removed.id)
      .map((comment) =>
        comment.id === removed.parent_id
          ? {
              ...comment,
              replies: comment.replies.filter((reply) => reply.id !== removed.id),
              replies_count: first ? Math.max(0, comment.replies_count - 1) : comment.replies_count,
            }
          : comment,
      ),
  );
  if (first && !live) adjustCount(queryClient, -(1 + (removed.parent_id ? 0 : removed.replies_count)));
}
