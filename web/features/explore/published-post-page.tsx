import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { PublishedPost } from '@shared/api/public-posts';
import { useAuth } from '@web/app/auth/auth-context';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { Card } from '@web/components/card';
import { LoadingScreen } from '@web/components/loading-screen';
import { RenderedMarkdown } from '@web/components/rendered-markdown';
import { PostFiles } from '@web/features/posts/components/post-attachment';
import { POST_DETAIL_CONTENT_CLASS, PostDetailTitle } from '@web/features/posts/components/post-detail-title';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { JoinTheConversation } from './components/join-the-conversation';
import { PublishedCounts } from './components/published-counts';
import { PublishedPostHeader } from './components/published-post-header';
import { publishedErrorText } from './errors';
import { EXPLORE_PATH } from './paths';
import { publishedPostOptions } from './queries';

/** /explore/post/{id or slug}: a published post, read-only (spec section 2). */
export function PublishedPostPage() {
  const { id = '' } = useParams();
  return <PublishedPostView idOrSlug={id} />;
}

/**
 * A published post: author, time, title, Markdown content, the attachment (PostAttachment: the image
 * inline with a Download link, or a download link), like and comment counts, and for visitors the invitation to sign in
 * or sign up. Loading and error states as the spec words them; `embedded` drops the way back to /explore.
 */
export function PublishedPostView({ idOrSlug, embedded = false }: { idOrSlug: string; embedded?: boolean }) {
  const t = useT();
  const query = useQuery(publishedPostOptions(idOrSlug));
  useDocumentTitle(query.data?.tldr ?? t('explore.post.documentTitle'));

  if (query.isPending) return <LoadingScreen label={t('explore.post.loading')} />;

  if (query.isError) {
    const message = publishedErrorText(query.error, t('explore.post.error'));
    const actions = (
      <>
        <Button variant="outline" size="sm" busy={query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching ? null : <RotateCw className="size-4" aria-hidden="true" />}
          {t('explore.list.tryAgain')}
        </Button>
        {embedded ? null : (
          <ButtonLink to={EXPLORE_PATH} variant="ghost" size="sm">
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('explore.post.back')}
          </ButtonLink>
        )}
      </>
    );
    if (isNotFoundError(query.error))
      return <NotFoundState title={t('explore.post.notFound')} message={message} actions={actions} />;
    return (
      <Alert>
        <p>{message}</p>
        <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      {embedded ? null : (
        <Link
          to={EXPLORE_PATH}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('explore.post.back')}
        </Link>
      )}
      <PublishedPostArticle post={query.data} />
    </div>
  );
}

function PublishedPostArticle({ post }: { post: PublishedPost }) {
  const t = useT();
  const { authenticated } = useAuth();
  return (
    <>
      <Card className="p-5 sm:p-7">
        <article aria-labelledby="published-post-title">
          <PublishedPostHeader post={post} />
          <PostDetailTitle post={post} titleId="published-post-title" />
          {post.content.trim() ? (
            <RenderedMarkdown className={POST_DETAIL_CONTENT_CLASS} html={post.content_html} />
          ) : null}
          <PostFiles post={post} className="mt-5" />
          <PublishedCounts post={post} className="mt-5 border-t border-stone-100 pt-3" />
          {authenticated ? null : (
            <p className="mt-2 text-sm text-stone-500">{t('explore.post.signInToInteract')}</p>
          )}
        </article>
      </Card>
      {authenticated ? null : <JoinTheConversation />}
    </>
  );
}
