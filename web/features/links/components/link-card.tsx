import type { ReactNode } from 'react';
import { Globe, House, Lock, MessageCircle, Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import type { Link } from '@shared/api/links';
import { Card } from '@web/components/card';
import { AuthorHeader, useOpenOnClick } from '@web/features/posts';
import { useT } from '@web/i18n/i18n';
import { commentPreview, VISIBILITY_LABEL_IDS } from '../messages';
import { LeadImage } from './lead-image';
import { actionClasses } from './like-toggle';
import { LinkLikeButton } from './link-like-button';
import { LinkState, ReadingIndicator } from './link-status';
import { SharerComment } from './sharer-comment';

export const linkPath = (id: string) => `/links/${encodeURIComponent(id)}`;
export const profilePath = (id: string) => `/profiles/${encodeURIComponent(id)}`;
const groupPagePath = (id: string) => `/group/${encodeURIComponent(id)}`;

const VISIBILITY_ICONS = { private: Lock, public: Users, published: Globe, group: House } as const;

/** Who sees the link, as a small badge: for a group link, the group it is shared in (ADR 046). */
export function VisibilityBadge({ link }: { link: Pick<Link, 'visibility' | 'group_name'> }) {
  const t = useT();
  const Icon = VISIBILITY_ICONS[link.visibility];
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
      <Icon className="size-3" aria-hidden="true" />
      {link.visibility === 'group' && link.group_name
        ? t('links.visibility.sharedIn', { group: link.group_name })
        : t(VISIBILITY_LABEL_IDS[link.visibility])}
    </span>
  );
}

/** The sharer as the post cards show an author, with the group badge of a link shared into a group. */
export function LinkAuthor({ link, menu }: { link: Link; menu?: ReactNode }) {
  return (
    <AuthorHeader
      post={{ ...link, group_id: link.group_id ?? null, group_name: link.group_name ?? null }}
      profileTo={profilePath(link.profile_id)}
      groupTo={groupPagePath}
      menu={menu}
    />
  );
}

/**
 * A link in the timeline (spec section 2): the sharer, the page's title (or its address while
 * Hearth reads it), domain, a small lead image, one-sentence summary, the sharer's comment cut at 200 characters, the
 * like control and the comment count. Clicking the card opens /links/{id}.
 */
export function LinkCard({ link }: { link: Link }) {
  const t = useT();
  const path = linkPath(link.id);
  const open = useOpenOnClick(path);
  const titleId = `link-${link.id}-title`;
  return (
    <Card
      className="cursor-pointer p-4 transition-[border-color,box-shadow] hover:border-stone-300 hover:shadow-md hover:shadow-stone-900/5 sm:p-5"
      onClick={open}
    >
      <article aria-labelledby={titleId}>
        <LinkAuthor link={link} />
        <div className="mt-3 flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg leading-snug font-semibold tracking-tight text-stone-900">
              <RouterLink
                to={path}
                className="rounded-sm break-words hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                {link.title ?? link.url}
              </RouterLink>
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-stone-500">
              <span className="font-medium text-stone-600">{link.domain}</span>
              <VisibilityBadge link={link} />
            </p>
          </div>
          <LeadImage link={link} size="small" />
        </div>
        <div className="mt-2 space-y-2">
          <ReadingIndicator link={link} />
          <LinkState link={link} compact />
          {link.sentence_summary ? <p className="text-stone-700">{link.sentence_summary}</p> : null}
          {link.comment ? <SharerComment link={link} preview={commentPreview(link.comment)} /> : null}
        </div>
        <div className="mt-3 border-t border-stone-100 pt-2">
          <div className="-mx-2.5 flex items-center gap-0.5 sm:gap-1">
            <LinkLikeButton link={link} />
            <RouterLink to={`${path}#comments`} className={actionClasses}>
              <MessageCircle className="size-[18px]" aria-hidden="true" />
              <span className="tabular-nums">{t('posts.card.comments', { count: link.comments_count })}</span>
            </RouterLink>
          </div>
        </div>
      </article>
    </Card>
  );
}
