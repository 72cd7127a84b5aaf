import { LIMITS } from '@shared/domain/constants';

/** Texts of the posts area fixed by the product spec (sections 2, 5, 8), and the ones we chose. */
export const POST_TEXT = {
  loadError: (message: string) => `An error has occurred: ${message}`,
  createError: 'Error creating post. Please try again.',
  creating: 'Creating...',
  create: 'Create',
  created: 'Post created successfully!',
  titleRequired: 'Title is required',
  undescribed: (count: number) =>
    count === 1 ? '1 photo has no description' : `${count} photos have no description`,
  undescribedWhy:
    'A short description lets members who use a screen reader, or whose photos do not load, know what each photo shows.',
  addDescriptions: 'Add descriptions',
  postAnyway: 'Post anyway',
  loadMore: 'Load More',
  loadingMore: 'Loading more posts...',
  noMore: 'No more posts to load',
  notFoundTitle: 'Post not found',
  notFoundText: "This post may have been removed, or it's in a group you're not a member of.",
  reported: 'Thanks for letting us know. The post has been reported.',
  reportFailed: 'Could not report the post. Please try again.',
  ignored: "Post hidden. You won't see it again.",
  ignoreFailed: 'Could not hide the post. Please try again.',
  undo: 'Undo',
  unignored: 'Post shown again.',
  unignoreFailed: 'Could not show the post again. Please try again.',
  commentReported: 'Thanks for letting us know. The comment has been reported.',
  linkCopied: 'Link copied to clipboard!',
  copyFailed: 'Could not copy the link.',
  deleted: 'Post deleted.',
  deleteFailed: 'Failed to delete post',
  commentDeleteFailed: 'Failed to delete comment',
  commentFailed: 'Failed to post comment. Please try again.',
  pin: 'Pin to group',
  unpin: 'Unpin',
  pinned: 'Pinned',
  pinnedDone: 'Post pinned to the top of the group.',
  unpinnedDone: 'Post unpinned.',
  pinFailed: 'Could not pin the post. Please try again.',
  unpinFailed: 'Could not unpin the post. Please try again.',
} as const;

/** "1 like", "2 likes", "0 likes". */
export function likesLabel(count: number): string {
  return `${count} ${count === 1 ? 'like' : 'likes'}`;
}

/** "1 comment", "3 comments", "0 comments". */
export function commentsLabel(count: number): string {
  return `${count} ${count === 1 ? 'comment' : 'comments'}`;
}

export { contentPreview } from '@shared/domain/content-preview';

/** "n/2000" under the content field. */
export function contentCounter(length: number, limit: number = LIMITS.postContent): string {
  return `${length}/${limit}`;
}
