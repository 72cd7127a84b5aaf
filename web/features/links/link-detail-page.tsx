import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MoreHorizontal, RotateCw, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import type { Link } from '@shared/api/links';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { NotFoundState } from '@web/components/not-found-state';
import { Card } from '@web/components/card';
import { Dialog } from '@web/components/dialog';
import { LoadingScreen } from '@web/components/loading-screen';
import { MenuContent, MenuItem } from '@web/components/menu';
import { useT } from '@web/i18n/i18n';
import { ApiError, errorMessage } from '@web/lib/api-errors';
import { useLiveEvents } from '@web/lib/live-events';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { deleteLink, fetchLink } from './api';
import { actionClasses } from './components/like-toggle';
import { LinkAuthor, linkPath, VisibilityBadge } from './components/link-card';
import { LinkComments } from './components/link-comments';
import { LinkLikeButton } from './components/link-like-button';
import { LeadImage } from './components/lead-image';
import { OriginalAddress, ReaderView } from './components/link-reading';
import { SharerComment } from './components/sharer-comment';
import { LinkState, ReadingIndicator } from './components/link-status';
import { isReading } from './link-cache';
import { Time } from '@web/components/time';

/** While a link is read, a slow poll backs up the live updates (a dropped stream must not leave it "reading…"). */
const READING_POLL_MS = 30_000;

function isLinkNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.is(404) || (error.is(422) && Boolean(error.fieldErrors?.id)));
}

/**
 * /links/{id}: title, domain, lead image, the one-sentence and paragraph summaries, a reader view of
 * the page (Markdown, rendered as posts are: raw HTML skipped), the safety verdict with its reasons,
 * likes, and comments. While Hearth reads the link it says "reading…" and fills in by itself.
 */
export function LinkDetailPage() {
  const t = useT();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: queryKeys.links.detail(id),
    queryFn: ({ signal }) => fetchLink(id, signal),
    refetchInterval: (query) => (query.state.data && isReading(query.state.data) ? READING_POLL_MS : false),
  });
  useLiveEvents((event) => {
    if (event.type === 'link.updated' && event.linkId === id) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.links.detail(id) });
    }
  });
  useDocumentTitle(
    link.data?.title ??
      (isLinkNotFound(link.error) ? t('links.detail.notFoundTitle') : t('links.detail.documentTitle')),
  );

  return (
    <>
      {link.isError && isLinkNotFound(link.error) ? null : <BackLink />}
      {link.isPending ? (
        <LoadingScreen label={t('links.detail.loading')} />
      ) : link.isError ? (
        isLinkNotFound(link.error) ? (
          <LinkNotFound />
        ) : (
          <Alert>
            <p>{t('links.page.loadError', { message: errorMessage(link.error) })}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void link.refetch()}>
              <RotateCw className="size-4" aria-hidden="true" />
              {t('links.page.tryAgain')}
            </Button>
          </Alert>
        )
      ) : (
        <LinkDetail link={link.data} />
      )}
    </>
  );
}

function BackLink() {
  const t = useT();
  return (
    <RouterLink
      to="/links"
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('links.detail.back')}
    </RouterLink>
  );
}

function LinkDetail({ link }: { link: Link }) {
  const t = useT();
  const location = useLocation();
  const earlier = (location.state as { earlierLinks?: Link[] } | null)?.earlierLinks ?? [];
  return (
    <div className="space-y-8">
      <Card className="p-5 sm:p-7">
        <article aria-labelledby="link-title" className="space-y-4">
          <LinkAuthor link={link} menu={link.can_delete ? <LinkOptionsMenu link={link} /> : null} />
          <header>
            <h1
              id="link-title"
              className="text-2xl leading-tight font-semibold tracking-tight break-words text-stone-900"
            >
              {link.title ?? link.url}
            </h1>
            <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-stone-500">
              <span className="font-medium text-stone-700">{link.site_name ?? link.domain}</span>
              {link.site_name ? <span>{link.domain}</span> : null}
              <VisibilityBadge link={link} />
            </p>
          </header>
          <LinkState link={link} />
          <OriginalAddress link={link} />
          <LeadImage link={link} size="large" />
          <ReadingIndicator link={link} />
          {link.comment ? <SharerComment link={link} /> : null}
          {link.sentence_summary ? (
            <p data-testid="sentence-summary" className="text-lg font-medium text-stone-900">
              {link.sentence_summary}
            </p>
          ) : null}
          {link.paragraph_summary ? (
            <p data-testid="paragraph-summary" className="leading-relaxed text-stone-700">
              {link.paragraph_summary}
            </p>
          ) : null}
          <div className="border-t border-stone-100 pt-3">
            <div className="-mx-2.5 flex items-center gap-0.5 sm:gap-1">
              <LinkLikeButton link={link} />
              <a href="#comments" className={actionClasses}>
                {t('posts.card.comments', { count: link.comments_count })}
              </a>
            </div>
          </div>
        </article>
      </Card>
      {earlier.length > 0 ? <EarlierShares links={earlier} /> : null}
      {/* An unsafe page's own words (a phishing form's lure, its links) are not shown. */}
      {link.markdown_content && link.safety_verdict !== 'unsafe' ? (
        <ReaderView markdown={link.markdown_content} />
      ) : null}
      <LinkComments linkId={link.id} initialCount={link.comments_count} />
    </div>
  );
}

function EarlierShares({ links }: { links: Link[] }) {
  const t = useT();
  return (
    <section aria-labelledby="earlier-title">
      <h2 id="earlier-title" className="mb-2 text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {t('links.detail.earlierShares')}
      </h2>
      <ul className="space-y-2">
        {links.map((earlier) => (
          <li key={earlier.id}>
            <RouterLink
              to={linkPath(earlier.id)}
              className="block rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm hover:border-stone-300"
            >
              <span className="font-medium text-stone-900">{earlier.title ?? earlier.url}</span>
              <span className="block text-xs text-stone-500">
                {earlier.name} · <Time value={earlier.created_at} /> ·{' '}
                {t('posts.card.comments', { count: earlier.comments_count })}
              </span>
            </RouterLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LinkOptionsMenu({ link }: { link: Link }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteLink(link.id),
    onSuccess: () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: queryKeys.links.detail(link.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.links.timeline() });
      navigate('/links');
    },
    onError: (error) => console.error(`Could not delete link ${link.id}`, error),
  });
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={t('links.options.label')}
          className="rounded-lg p-2 text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <MenuContent>
          <MenuItem className="text-red-700" onSelect={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('links.options.delete')}
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Root>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        dismissible={!remove.isPending}
        title={t('links.deleteDialog.title')}
        description={t('links.deleteDialog.description')}
      >
        {remove.isError ? <Alert className="mb-3">{errorMessage(remove.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('links.deleteDialog.cancel')}
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? t('links.deleteDialog.deleting') : t('links.options.delete')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function LinkNotFound() {
  const t = useT();
  return (
    <NotFoundState
      title={t('links.detail.notFoundTitle')}
      message={t('links.detail.notFoundText')}
      actions={<ButtonLink to="/links">{t('links.detail.back')}</ButtonLink>}
    />
  );
}
