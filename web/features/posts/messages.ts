import { LIMITS } from '@shared/domain/constants';
import { t } from '@web/i18n/i18n';

/** "1 like", "2 likes", "0 likes", in the member's language (its plural rules in the message). */
export function likesLabel(count: number): string {
  return t('posts.card.likes', { count });
}

/** "1 comment", "3 comments", "0 comments". */
export function commentsLabel(count: number): string {
  return t('posts.card.comments', { count });
}

export { contentPreview } from '@shared/domain/content-preview';

/** "n/2000" under the content field. */
export function contentCounter(length: number, limit: number = LIMITS.postContent): string {
  return `${length}/${limit}`;
}
