import { LINK_MESSAGES } from '@shared/domain/link-texts';
import { LIMITS } from '@shared/domain/constants';
import { contentPreview } from '@web/features/posts';
import { fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';

/** Texts of the links area fixed by the product spec (sections 2, 5, 8), and the ones we chose. */
export const LINK_TEXT = {
  ...LINK_MESSAGES,
  empty: 'No links found',
  loadError: (message: string) => `An error has occurred: ${message}`,
  createFailed: 'Failed to create link. Please try again.',
  commentFailed: 'Failed to post comment. Please try again.',
  commentDeleteFailed: 'Failed to delete comment',
  reading: 'reading…',
  readFailed: "We couldn't read this link.",
  retry: 'Retry',
  notFoundTitle: 'Link not found',
  notFoundText: "This link may have been removed, or it's not shared with you.",
  unsafeTitle: 'Warning: this link looks unsafe',
  unsafeText: 'Hearth will not link to it. Copy the address only if you are sure.',
  suspiciousTitle: 'Caution: this link looks suspicious',
  unknownSafety: 'Hearth could not check this link for safety.',
  earlierShares: 'Shared before',
  loadMore: 'Load More',
  loadingMore: 'Loading more links...',
  noMore: 'No more links to load',
} as const;

export const VISIBILITY_LABELS = {
  private: 'Private (only you)',
  public: 'Public (your followers)',
  published: 'Published (everyone)',
  group: 'A group (its members only)',
} as const;

/** The badge of a link shared into a group (ADR 046). */
export function sharedInGroupLabel(groupName: string): string {
  return `Shared in ${groupName}`;
}

/** Spec section 9: a link card shows the first 200 characters of the comment, then an ellipsis. */
export function commentPreview(comment: string): string {
  return contentPreview(comment, LIMITS.linkCommentPreview);
}

/**
 * Spec section 8: a failed add shows the per-field errors, each field's messages joined ', ' (under
 * the url, comment, visibility and group fields; any other field's in `other`), and with none of them
 * 'Failed to create link. Please try again.'
 */
const FORM_FIELDS = ['url', 'comment', 'visibility', 'group_id'] as const;
export type LinkFormField = (typeof FORM_FIELDS)[number];

export function createLinkErrors(error: unknown): {
  fields: Partial<Record<LinkFormField, string>>;
  other: string | null;
} {
  const fields: Partial<Record<LinkFormField, string>> = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    if ((FORM_FIELDS as readonly string[]).includes(field))
      fields[field as LinkFormField] = messages.join(', ');
    else rest.push(messages.join(', '));
  }
  const other =
    rest.length > 0 ? rest.join(', ') : Object.keys(fields).length > 0 ? null : LINK_TEXT.createFailed;
  return { fields, other };
}

/** Spec section 8: a failed comment shows its errors joined ', ', else the default. */
export function linkCommentErrorText(error: unknown): string {
  const fields = Object.values(fieldErrorsOf(error)).flat();
  return fields.length > 0 ? fields.join(', ') : LINK_TEXT.commentFailed;
}

/** A failed delete: the server's words, else 'Failed to delete comment' (as on posts). */
export function linkCommentDeleteErrorText(error: unknown): string {
  return serverErrorText(error) ?? LINK_TEXT.commentDeleteFailed;
}
