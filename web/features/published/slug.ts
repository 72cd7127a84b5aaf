import { LIMITS } from '@shared/domain/constants';
import { slugProblem } from '@shared/domain/slug';
import { slugMessage } from './messages';

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
  return `Public link: ${window.location.origin}/explore/post/${slug.trim() || '…'}`;
}

/** The slug field's error before anything is sent ("Address can't be blank" …); null when it may be sent. */
export function slugError(value: string): string | null {
  const problem = slugProblem(value);
  return problem === null ? null : slugMessage(problem);
}
