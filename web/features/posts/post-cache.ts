import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { Post } from '@shared/api/posts';
import type { CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

/**
 * A like, a new comment or an Ignore must show at once in every list and on the detail page that
 * holds the post. Queries that hold posts say how in their `meta`, so these helpers can find them
 * without guessing from the data's shape:
 *
 *   useInfiniteQuery({ …, meta: postsMeta('pages') })   // cursor pages of posts (timelines)
 *   useQuery({ …, meta: postsMeta('list') })            // an array of posts (search results)
 *   useQuery({ …, meta: postsMeta('single') })          // one post (the detail page)
 */
export type PostsShape = 'pages' | 'list' | 'single';

const META_KEY = 'posts';

export function postsMeta(shape: PostsShape): Record<string, unknown> {
  return { [META_KEY]: shape };
}

function shapeOf(query: Query): PostsShape | undefined {
  const value = query.meta?.[META_KEY];
  return value === 'pages' || value === 'list' || value === 'single' ? value : undefined;
}

type Pages = InfiniteData<CursorPage<Post>, unknown>;

function eachPostsQuery(queryClient: QueryClient, visit: (query: Query, shape: PostsShape) => void) {
  for (const query of queryClient.getQueryCache().getAll()) {
    const shape = shapeOf(query);
    if (shape && query.state.data !== undefined) visit(query, shape);
  }
}

/** Applies `update` to the post with this id wherever it is cached. */
export function updateCachedPost(queryClient: QueryClient, id: string, update: (post: Post) => Post) {
  const apply = (post: Post) => (post.id === id ? update(post) : post);
  eachPostsQuery(queryClient, (query, shape) => {
    if (shape === 'single') {
      queryClient.setQueryData<Post>(query.queryKey, (post) => (post ? apply(post) : post));
    } else if (shape === 'list') {
      queryClient.setQueryData<Post[]>(query.queryKey, (posts) => posts?.map(apply));
    } else {
      queryClient.setQueryData<Pages>(query.queryKey, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(apply) })) }
          : data,
      );
    }
  });
  // The detail entry may have been filled before any screen read it (e.g. right after creating).
  const detailKey = queryKeys.posts.detail(id);
  const detail = queryClient.getQueryCache().find({ queryKey: detailKey, exact: true });
  if (detail && !shapeOf(detail)) {
    queryClient.setQueryData<Post>(detailKey, (post) => (post ? apply(post) : post));
  }
}

/** Takes the post out of every cached list (after Ignore or delete); its detail entry is left alone. */
export function removeCachedPost(queryClient: QueryClient, id: string) {
  eachPostsQuery(queryClient, (query, shape) => {
    if (shape === 'list') {
      queryClient.setQueryData<Post[]>(query.queryKey, (posts) => posts?.filter((post) => post.id !== id));
    } else if (shape === 'pages') {
      queryClient.setQueryData<Pages>(query.queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((post) => post.id !== id),
              })),
            }
          : data,
      );
    }
  });
}

/** The like state after one toggle. */
export function toggledLike(post: Pick<Post, 'liked_by_current_user' | 'likes_count'>, liked: boolean) {
  if (post.liked_by_current_user === liked) return post;
  return { liked_by_current_user: liked, likes_count: Math.max(0, post.likes_count + (liked ? 1 : -1)) };
}
