import { LIMITS } from '@shared/domain/constants';
import { contentPreview } from '@web/features/posts';
import { t } from '@web/i18n/i18n';
import { fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';

/** The message ids of who sees a link, by its visibility. */
export const VISIBILITY_LABEL_IDS = {
  private: 'links.visibility.private',
  public: 'links.visibility.public',
  published: 'links.visibility.published',
  group: 'links.visibility.group',
} as const;

/** The badge of a link shared into a group (ADR 046). */
export function sharedInGroupLabel(groupName: string): string {
  return t('links.visibility.sharedIn', { group: groupName });
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
    rest.length > 0 ? rest.join(', ') : Object.keys(fields).length > 0 ? null : t('links.new.createFailed');
  return { fields, other };
}

/** Spec section 8: a failed comment shows its errors joined ', ', else the default. */
export function linkCommentErrorText(error: unknown): string {
  const fields = Object.values(fieldErrorsOf(error)).flat();
  return fields.length > 0 ? fields.join(', ') : t('links.comments.failed');
}

/** A failed delete: the server's words, else 'Failed to delete comment' (as on posts). */
export function linkCommentDeleteErrorText(error: unknown): string {
  return serverErrorText(error) ?? t('links.comments.deleteFailed');
}
