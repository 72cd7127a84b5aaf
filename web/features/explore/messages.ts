import { errorMessage } from '@web/lib/api-errors';

/** Texts of the public face fixed by the product spec (sections 2 and 8), and the ones we chose. */
export const EXPLORE_TEXT = {
  empty: 'No published posts found',
  refresh: 'Refresh',
  timelineError: 'An error occurred while loading published posts',
  loadMore: 'Load More',
  loadingMore: 'Loading more posts...',
  noMore: 'No more posts to load',
  loadingPost: 'Loading published post...',
  postError: 'An error occurred while loading this post',
  postNotFoundTitle: 'Post not found',
  backToPublished: 'Back to Published Posts',
  signInToInteract: 'Sign in to interact with this post',
  joinConversation: 'Want to join the conversation?',
  previous: 'Previous post',
  next: 'Next post',
} as const;

/** Texts of the published links pages (the spec's wording where it has one, the posts' pattern elsewhere). */
export const EXPLORE_LINK_TEXT = {
  title: 'Published links',
  loading: 'Loading published links',
  empty: 'No published links found',
  timelineError: 'An error occurred while loading published links',
  loadingMore: 'Loading more links...',
  noMore: 'No more links to load',
  loadingLink: 'Loading published link...',
  linkError: 'An error occurred while loading this link',
  linkNotFoundTitle: 'Link not found',
  backToLinks: 'Back to Published Links',
  signInToInteract: 'Sign in to interact with this link',
} as const;

/** 'N of M', with '+' while more pages exist. */
export function feedPosition(index: number, loaded: number, more: boolean): string {
  return `${index + 1} of ${loaded}${more ? '+' : ''}`;
}

/** A failed published call's message ('Rate limited. Please try again in 30 seconds.' …), else `fallback`. */
export function publishedErrorText(error: unknown, fallback: string = EXPLORE_TEXT.timelineError): string {
  return errorMessage(error) || fallback;
}
