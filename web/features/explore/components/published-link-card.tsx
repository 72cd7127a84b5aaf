import { Link } from 'react-router';
import type { PublishedLink } from '@shared/api/links';
import { Avatar } from '@web/components/avatar';
import { Card } from '@web/components/card';
import { commentPreview, LeadImage, SafetyNotice, SharerComment } from '@web/features/links';
import { useOpenOnClick } from '@web/features/posts/components/use-open-on-click';
import { initialsOf } from '@web/lib/initials';
import { exploreLinkPath } from '../paths';
import { PublishedCounts } from './published-counts';
import { Time } from '@web/components/time';

/**
 * Who shared a published link, and when. Not a link: a member who shared only links has no public
 * profile page (those list published posts).
 */
export function PublishedLinkSharer({ link }: { link: PublishedLink }) {
  return (
    <header className="flex items-center gap-3">
      <Avatar src={link.avatar} initials={initialsOf(link.name)} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="truncate font-semibold text-stone-900">{link.name}</span>
          <span className="truncate text-sm text-stone-500">@{link.username}</span>
        </p>
        <p className="mt-0.5 text-xs text-stone-500">
          <Time value={link.created_at} />
        </p>
      </div>
    </header>
  );
}

/**
 * A published link in /explore/links: the sharer, the page's title, domain, a small lead image, the
 * safety verdict (never a direct link to the page: the card opens Hearth's page for it), the
 * one-sentence summary, the sharer's comment cut at 200 characters, and the counts.
 */
export function PublishedLinkCard({ link }: { link: PublishedLink }) {
  const path = exploreLinkPath(link.id);
  const open = useOpenOnClick(path);
  const titleId = `published-link-${link.id}-title`;
  return (
    <Card
      className="cursor-pointer p-4 transition-[border-color,box-shadow] hover:border-stone-300 hover:shadow-md hover:shadow-stone-900/5 sm:p-5"
      onClick={open}
    >
      <article aria-labelledby={titleId}>
        <PublishedLinkSharer link={link} />
        <div className="mt-3 flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg leading-snug font-semibold tracking-tight text-stone-900">
              <Link
                to={path}
                className="rounded-sm break-words hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                {link.title ?? link.url}
              </Link>
            </h2>
            <p className="mt-1 text-xs font-medium text-stone-600">{link.site_name ?? link.domain}</p>
          </div>
          <LeadImage link={link} size="small" />
        </div>
        <div className="mt-2 space-y-2">
          <SafetyNotice link={link} compact />
          {link.sentence_summary ? <p className="text-stone-700">{link.sentence_summary}</p> : null}
          {link.comment ? <SharerComment link={link} preview={commentPreview(link.comment)} /> : null}
        </div>
        <PublishedCounts post={link} className="mt-4 border-t border-stone-100 pt-3" />
      </article>
    </Card>
  );
}
