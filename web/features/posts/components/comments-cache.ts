import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Comment, CommentFields } from '@shared/api/comments';
import type { CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';
import { updateCachedPost } from '../post-cache';

/**
 * The post page keeps its comments as cursor pages under queryKeys.posts.comments(postId), and the
 * further replies of a comment under that key + ['replies', commentId]: one prefix, so a change to a
 * comment reaches every copy with one call.
 */
export type CommentPages = InfiniteData<CursorPage<Comment>, string | null>;

export const repliesKey = (postId: string, commentId: string) =>
  [...queryKeys.posts.comments(postId), 'replies', commentId] as const;

function mapComments(queryClient: QueryClient, postId: string, map: (comments: Comment[]) => Comment[]) {
  queryClient.setQueriesData<CommentPages>({ queryKey: queryKeys.posts.comments(postId) }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) } : data,
  );
}

/** A comment as the server now has it (after an edit), wherever it is shown. */
export function replaceCachedComment(queryClient: QueryClient, postId: string, updated: CommentFields) {
  const swap = <T extends CommentFields>(comment: T): T =>
    comment.id === updated.id
      ? { ...comment, ...updated, replies: 'replies' in comment ? comment.replies : [] }
      : comment;
  mapComments(queryClient, postId, (comments) =>
    comments.map((comment) => ({ ...swap(comment), replies: comment.replies.map(swap) })),
  );
}

/** A new top-level comment goes last on the last loaded page; a reply under its comment. */
export function addCachedComment(queryClient: QueryClient, postId: string, added: Comment) {
  if (added.parent_id) {
    mapComments(queryClient, postId, (comments) =>
      comments.map((comment) =>
        comment.id === added.parent_id
          ? { ...comment, replies: [...comment.replies, added], replies_count: comment.replies_count + 1 }
          : comment,
      ),
    );
  } else {
    queryClient.setQueryData<CommentPages>(queryKeys.posts.comments(postId), (data) => {
      if (!data || data.pages.length === 0) return data;
      const pages = [...data.pages];
      const last = pages[pages.length - 1]!;
      // With more pages still to load, the new comment will come with them (oldest first).
      if (last.hasNextPage) return data;
      pages[pages.length - 1] = { ...last, items: [...last.items.filter((c) => c.id !== added.id), added] };
      return { ...data, pages };
    });
  }
  updateCachedPost(queryClient, postId, (post) => ({ ...post, comments_count: post.comments_count + 1 }));
}

/** A deleted comment leaves every list; its replies go with it. */
export function removeCachedComment(queryClient: QueryClient, postId: string, removed: CommentFields) {
  const gone = 1 + (removed.parent_id ? 0 : removed.replies_count);
  mapComments(queryClient, postId, (comments) =>
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
  updateCachedPost(queryClient, postId, (post) => ({
    ...post,
    comments_count: Math.max(0, post.comments_count - gone),
  }));
}
