import { LIMITS } from '@shared/domain/constants';
import { SLUG_ID_SHAPED_MESSAGE, SLUG_MESSAGE, slugProblem } from '@shared/domain/slug';
import { t } from '@web/i18n/i18n';

/**
 * A slug made from a post's title, to prefill the slug field: "Picnic on Saturday!" →
 * "picnic-on-saturday". Accents are dropped, anything else becomes a dash; a title without a letter
 * gets a "post-" prefix. Empty when nothing usable remains.
 */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  let slug = words;
  if (slug && !/[a-z]/.test(slug)) slug = `post-${slug}`;
  if (slug.length > LIMITS.slugMax) {
    slug = slug.slice(0, LIMITS.slugMax);
    // Cut at a word boundary when one is near, never leaving a trailing dash.
    const dash = slug.lastIndexOf('-');
    if (dash >= LIMITS.slugMax - 20) slug = slug.slice(0, dash);
    slug = slug.replace(/-+$/, '');
  }
  return slugProblem(slug) === null ? slug : '';
}

/** The address field's hint: the public link the slug makes, whole, so the member sees what it is. */
export function publicLinkHint(slug: string): string {
  return t('published.slug.hint', { url: `${window.location.origin}/explore/post/${slug.trim() || '…'}` });
}

/**
 * The slug field's error before anything is sent ("Address can't be blank" …), a sentence named after
 * the field's label, in the member's language; null when it may be sent. slugProblem words it as the
 * server's field errors do (shared/domain/slug.ts), so each of its wordings has a message here.
 */
export function slugError(value: string): string | null {
  const problem = slugProblem(value);
  if (problem === null) return null;
  switch (problem) {
    case "can't be blank":
      return t('published.slug.blank');
    case `is too short (minimum is ${LIMITS.slugMin} characters)`:
      return t('published.slug.tooShort', { count: LIMITS.slugMin });
    case `is too long (maximum is ${LIMITS.slugMax} characters)`:
      return t('published.slug.tooLong', { count: LIMITS.slugMax });
    case SLUG_MESSAGE:
      return t('published.slug.pattern');
    case SLUG_ID_SHAPED_MESSAGE:
      return t('published.slug.idShaped');
    default:
      return t('published.slug.problem', { problem });
  }
}
