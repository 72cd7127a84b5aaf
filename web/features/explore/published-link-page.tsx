import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import type { PublishedLink } from '@shared/api/links';
import { useAuth } from '@web/app/auth/auth-context';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { Card } from '@web/components/card';
import { LoadingScreen } from '@web/components/loading-screen';
import {
  LeadImage,
  linkPath,
  OriginalAddress,
  ReaderView,
  SafetyNotice,
  SharerComment,
} from '@web/features/links';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { JoinTheConversation } from './components/join-the-conversation';
import { PublishedCounts } from './components/published-counts';
import { PublishedLinkSharer } from './components/published-link-card';
import { publishedErrorText } from './errors';
import { EXPLORE_LINKS_PATH } from './paths';
import { publishedLinkOptions } from './queries';

/**
 * /explore/link/{id}: a published link, read-only. A signed-in member is sent to /links/{id}, where
 * they can like and comment; a visitor reads it here.
 */
export function PublishedLinkPage() {
  const { id = '' } = useParams();
  const { authenticated } = useAuth();
  if (authenticated) return <Navigate to={linkPath(id)} replace />;
  return <PublishedLinkView id={id} />;
}

function PublishedLinkView({ id }: { id: string }) {
  const t = useT();
  const query = useQuery(publishedLinkOptions(id));
  useDocumentTitle(query.data?.title ?? t('explore.link.documentTitle'));

  if (query.isPending) return <LoadingScreen label={t('explore.link.loading')} />;

  if (query.isError) {
    const message = publishedErrorText(query.error, t('explore.link.error'));
    const actions = (
      <>
        <Button variant="outline" size="sm" busy={query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching ? null : <RotateCw className="size-4" aria-hidden="true" />}
          {t('explore.list.tryAgain')}
        </Button>
        <ButtonLink to={EXPLORE_LINKS_PATH} variant="ghost" size="sm">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('explore.link.back')}
        </ButtonLink>
      </>
    );
    if (isNotFoundError(query.error))
      return <NotFoundState title={t('explore.link.notFound')} message={message} actions={actions} />;
    return (
      <Alert>
        <p>{message}</p>
        <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      <Link
        to={EXPLORE_LINKS_PATH}
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('explore.link.back')}
      </Link>
      <PublishedLinkArticle link={query.data} />
    </div>
  );
}

/**
 * Title, domain, lead image, the safety verdict with its reasons, the address (as text only when
 * unsafe), the sharer's words, both summaries, the counts, and the reader view of the page (left
 * out for an unsafe page, as on the member's page).
 */
function PublishedLinkArticle({ link }: { link: PublishedLink }) {
  const t = useT();
  return (
    <>
      <Card className="p-5 sm:p-7">
        <article aria-labelledby="published-link-title" className="space-y-4">
          <PublishedLinkSharer link={link} />
          <header>
            <h1
              id="published-link-title"
              className="text-2xl leading-tight font-semibold tracking-tight break-words text-stone-900"
            >
              {link.title ?? link.url}
            </h1>
            <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-stone-500">
              <span className="font-medium text-stone-700">{link.site_name ?? link.domain}</span>
              {link.site_name ? <span>{link.domain}</span> : null}
            </p>
          </header>
          <SafetyNotice link={link} />
          <OriginalAddress link={link} />
          <LeadImage link={link} size="large" />
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
          <PublishedCounts post={link} className="border-t border-stone-100 pt-3" />
          <p className="text-sm text-stone-500">{t('explore.link.signInToInteract')}</p>
        </article>
      </Card>
      {link.markdown_content && link.safety_verdict !== 'unsafe' ? (
        <ReaderView markdown={link.markdown_content} />
      ) : null}
      <JoinTheConversation />
    </>
  );
}
