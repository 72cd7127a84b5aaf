import { useInfiniteQuery } from '@tanstack/react-query';
import { Newspaper } from 'lucide-react';
import type { PublishedFilter } from '../api';
import { publishedTimelineOptions } from '../queries';
import { PublishedList } from './published-list';
import { PublishedPostCard } from './published-post-card';
import { PublishedPostCardSkeleton } from './published-post-card-skeleton';

const TIMELINE_TEXT = {
  loading: 'explore.timeline.loading',
  empty: 'explore.timeline.empty',
  error: 'explore.timeline.error',
  loadingMore: 'explore.timeline.loadingMore',
  noMore: 'explore.timeline.noMore',
};

/**
 * The published timeline (spec sections 2 and 9): an infinite list of post cards, 'No published
 * posts found' when empty. Fresh 2 minutes; retried twice, never on 429.
 */
export function PublishedTimeline({ filter = {} }: { filter?: PublishedFilter }) {
  const options = publishedTimelineOptions(filter);
  const query = useInfiniteQuery(options);
  return (
    <PublishedList
      query={query}
      queryKey={options.queryKey}
      text={TIMELINE_TEXT}
      emptyIcon={Newspaper}
      skeleton={<PublishedPostCardSkeleton />}
      renderItem={(post) => <PublishedPostCard key={post.id} post={post} />}
    />
  );
}
