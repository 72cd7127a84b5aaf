/**
 * What other features may use from the posts area. Group and profile pages list posts with:
 *
 *   <PostTimeline
 *     queryKey={queryKeys.posts.timeline(groupId)}          // or queryKeys.posts.profile(profileId)
 *     fetchPage={timelinePageFetcher(groupId)}              // or profilePostsPageFetcher(profileId)
 *     emptyText="No posts in this group yet"
 *   />
 */
export { PostTimeline, type PostTimelineProps } from './components/post-timeline';
export { TIMELINE_STALE_TIME_MS } from './timeline-query';
export { PostCard, postPath } from './components/post-card';
export { PostCardSkeleton } from './components/post-card-skeleton';
export { PostList } from './components/post-list';
export { PostNoticesProvider } from './components/post-notices';
export { fetchPins, timelinePageFetcher, profilePostsPageFetcher, type PostPageFetcher } from './api';
export { PinnedMarker } from './components/pinned-marker';
export { postsMeta, updateCachedPost } from './post-cache';
export { PostAttachment } from './components/post-attachment';
export { AuthorHeader, type AuthorHeaderPost } from './components/author-header';
export { PostCardBody } from './components/post-card-body';
export { useOpenOnClick } from './components/use-open-on-click';
export { PostDetailBody } from './components/post-detail-body';
export { likesLabel, commentsLabel, contentPreview } from './messages';
export { useNewPosts, newPostsLabel } from './use-new-posts';
export { postableGroups } from './postable-groups';
