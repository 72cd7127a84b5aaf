import type { Post } from '@shared/api/posts';
import { PostCard } from './post-card';
import { PostNoticesProvider } from './post-notices';

/**
 * A plain (not paged) list of post cards, e.g. search results. Give its query
 * `meta: postsMeta('list')` so likes and Ignore update it.
 */
export function PostList({ posts }: { posts: readonly Post[] }) {
  return (
    <PostNoticesProvider>
      <div className="space-y-4">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </PostNoticesProvider>
  );
}
