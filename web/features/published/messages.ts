/** Texts of publishing fixed by the product spec (sections 2, 4, 5 and 8), and the ones we chose. */
export const PUBLISH_TEXT = {
  publish: 'Publish',
  publishing: 'Publishing...',
  dialogTitle: 'Publish this post',
  dialogDescription: 'Anyone with the link can read it, without signing in.',
  successTitle: 'Your post is public',
  errorTitle: 'Error',
  failed: 'Failed to publish post',
  failedRetry: 'Failed to publish post. Please try again.',
  copy: 'Copy',
  copied: 'Copied!',
  copyLink: 'Copy public link',
  linkCopied: 'Public link copied to clipboard!',
  copyFailed: 'Could not copy the link.',
  openInNewTab: 'Open in new tab',
  unpublish: 'Unpublish',
  unpublishing: 'Unpublishing...',
  unpublishTitle: 'Unpublish this post?',
  unpublished: 'Post unpublished.',
  unpublishFailed: 'Could not unpublish the post. Please try again.',
  // The Public option of /posts/new.
  publicLabel: 'Public',
  publicHint: 'Also publish it at a public address anyone can read, without signing in.',
  // Members call a post's slug its address; the field says so and shows the whole link.
  addressLabel: 'Address',
  slugRequiredForPublic: 'Slug is required for public posts',
  creating: 'Creating post...',
  generating: 'Generating public link...',
  createdPublic: 'Post created and published!',
  linkFailed: 'Post created, but failed to generate public link.',
  // /published
  listTitle: 'Published',
  listDescription: 'Your posts with a public address. Anyone with the link can read them.',
  listEmpty: 'No published posts yet',
  createAPost: 'Create a post',
  viewPost: 'View Post',
  listFailed: 'Failed to load published posts',
  authRequired: 'Authentication required',
} as const;

/**
 * "Address is too short (minimum is 3 characters)": a field error of the slug, as a sentence named
 * after the field's label (the spec's own 'Slug is required for public posts' stays as written).
 */
export function slugMessage(problem: string): string {
  return `${PUBLISH_TEXT.addressLabel} ${problem}`;
}

/** /published failures: 'Error: {message}', else 'Failed to load published posts' (spec section 8). */
export function listErrorText(message: string | undefined): string {
  return message ? `Error: ${message}` : PUBLISH_TEXT.listFailed;
}
