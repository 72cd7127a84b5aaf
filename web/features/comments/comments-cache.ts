import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { CursorPage } from '@web/lib/pagination';
import type { BaseComment, ConversationAdapter, Thread } from './adapter';

/**
 * A conversation keeps its comments as cursor pages under the adapter's queryKey, and the further
 * replies of a comment under that key + ['replies', commentId]: one prefix, so a change to a comment
 * reaches every copy with one call.
 */
export type CommentPages<F extends BaseComment> = InfiniteData<CursorPage<Thread<F>>, string | null>;

export const repliesKey = (queryKey: QueryKey, commentId: string) =>
  [...queryKey, 'replies', commentId] as const;

type Cached<F extends BaseComment> = Pick<ConversationAdapter<F>, 'queryKey' | 'adjustCount'>;

function mapComments<F extends BaseComment>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  map: (comments: Thread<F>[]) => Thread<F>[],
) {
  queryClient.setQueriesData<CommentPages<F>>({ queryKey }, (data) =>
    data?.pages ? { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) } : data,
  );
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

/** A new top-level comment goes last on the last loaded page; a reply under its comment. */
export function addCachedComment<F extends BaseComment>(
  queryClient: QueryClient,
  { queryKey, adjustCount }: Cached<F>,
  added: Thread<F>,
) {
  if (added.parent_id) {
    mapComments<F>(queryClient, queryKey, (comments) =>
      comments.map((comment) =>
        comment.id === added.parent_id
          ? { ...comment, replies: [...comment.replies, added], replies_count: comment.replies_count + 1 }
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
      const item = { ...added, replies: added.replies ?? [] };
      pages[pages.length - 1] = { ...last, items: [...last.items.filter((c) => c.id !== added.id), item] };
      return { ...data, pages };
    });
  }
  adjustCount(queryClient, 1);
}

/** A deleted comment leaves every list; its replies go with it. */
export function removeCachedComment<F extends BaseComment>(
  queryClient: QueryClient,
  { queryKey, adjustCount }: Cached<F>,
  removed: F,
) {
  const gone = 1 + (removed.parent_id ? 0 : removed.replies_count);
  mapComments<F>(queryClient, queryKey, (comments) =>
    comments
      .filter((comment) => comment.id !== removed.id)
      .map((comment) =>
        comment.id === removed.parent_id
          ? {
              ...comment,
              replies: comment.replies.filter((reply) => reply.id !== removed.id),
              replies_count: Math.max(0, comment.replies_count - 1),
            }
          : comment,
      ),
  );
  adjustCount(queryClient, -gone);
}
