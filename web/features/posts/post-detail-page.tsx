import { useDeferredValue, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Post } from '@shared/api/posts';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { NotFoundState } from '@web/components/not-found-state';
import { Card } from '@web/components/card';
import { LoadingScreen } from '@web/components/loading-screen';
import { firstScreenDrawnWithPictures } from '@web/lib/after-first-screen';
import { ApiError, errorMessage } from '@web/lib/api-errors';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { CommentsOnDemand } from './components/comments-on-demand';
import { PhotoDescriptions } from './components/photo-descriptions';
import { PostActions } from './components/post-actions';
import { PostDetailBody } from './components/post-detail-body';
import { PostHeader } from './components/post-header';
import { PostNoticesProvider, usePostNotices } from './components/post-notices';
import { PostOptionsMenu } from './components/post-options-menu';
import { photoIndexOf } from './components/photo-address';
import { photosOf } from './components/photo-layout';
import { postQueryOptions } from './post-query';
import { useLivePostCounts, useLivePostReactions } from './use-live-post';

/** A post that does not exist, is not visible to this member, or whose id is malformed. */
export function isPostNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.is(404) || (error.is(422) && Boolean(error.fieldErrors?.id));
}

/**
 * /post/{id}: full title, Markdown content, attachments (their descriptions editable by the
 * author), like, Share, comments and the comment form.
 * /post/{id}/photo/{n} (ADR 050) is the same page with its nth photo open in the viewer; a number
 * naming none of its photos is the post's not-found.
 */
export function PostDetailPage() {
  const t = useT();
  const { id = '', n } = useParams();
  const post = useQuery(postQueryOptions(id));
  // A post whose answer arrives after the page is drawn first draws in a pass React may pause for
  // input (a deferred value): changes of the query cache are rendered at once, and a post with its
  // photos, actions and descriptions is one long task on a slow phone. The loading state stays
  // meanwhile. One already at hand (opened from a list) draws with the page.
  const [atHand] = useState(post.isSuccess);
  const drawn = useDeferredValue(post.isSuccess, atHand ? undefined : false);
  const showing = post.isSuccess && drawn;
  const settled = post.isError || showing;
  useEffect(() => {
    if (!settled) return;
    // Once the post (or its error) is on screen, the frame's own calls may go.
    const frame = requestAnimationFrame(() => setTimeout(firstScreenDrawnWithPictures));
    return () => cancelAnimationFrame(frame);
  }, [settled]);
  useDocumentTitle(
    post.data?.tldr ??
      (isPostNotFound(post.error) ? t('posts.detail.notFoundTitle') : t('posts.detail.documentTitle')),
  );
  // Everyone's likes and comments move the counts shown here as they happen.
  useLivePostCounts(post.isSuccess);
  useLivePostReactions(id, post.isSuccess);

  return (
    <PostNoticesProvider>
      {post.isError && isPostNotFound(post.error) ? null : <BackLink />}
      {post.isPending || (post.isSuccess && !showing) ? (
        <LoadingScreen label={t('posts.detail.loading')} />
      ) : post.isError ? (
        isPostNotFound(post.error) ? (
          <PostNotFound />
        ) : (
          <Alert>
            <p>{t('posts.timeline.loadError', { message: errorMessage(post.error) })}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void post.refetch()}>
              <RotateCw className="size-4" aria-hidden="true" />
              {t('posts.timeline.tryAgain')}
            </Button>
          </Alert>
        )
      ) : n !== undefined && photoIndexOf(n, photosOf(post.data.files).length) === null ? (
        <PostNotFound />
      ) : (
        <PostDetail post={post.data} openPhoto={n === undefined ? null : photoIndexOf(n, Infinity)} />
      )}
    </PostNoticesProvider>
  );
}

function BackLink() {
  const t = useT();
  return (
    <Link
      to="/dashboard"
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('posts.detail.backToTimeline')}
    </Link>
  );
}

function PostDetail({ post, openPhoto }: { post: Post; openPhoto: number | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const notices = usePostNotices()!;
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  // A notice handed over by the previous screen ("Post created successfully!"), shown once.
  useEffect(() => {
    if (typeof notice !== 'string') return;
    notices.notify(notice);
    navigate({ pathname: location.pathname, hash: location.hash }, { replace: true, state: null });
  }, [notice, notices, navigate, location.pathname, location.hash]);

  useEffect(() => {
    if (location.hash === '#comments')
      document.getElementById('comments')?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  return (
    <div className="space-y-8">
      <Card className="p-5 sm:p-7">
        <article aria-labelledby="post-title">
          <PostHeader
            post={post}
            menu={
              <PostOptionsMenu post={post} notify={notices.notify} onRemoved={() => navigate('/dashboard')} />
            }
          />
          <PostDetailBody post={post} titleId="post-title" address={{ postId: post.id, open: openPhoto }} />
          <PhotoDescriptions post={post} notify={notices.notify} />
          <PostActions post={post} notify={notices.notify} className="mt-5 border-t border-stone-100 pt-3" />
        </article>
      </Card>
      <CommentsOnDemand
        postId={post.id}
        groupId={post.group_id}
        initialCount={post.comments_count}
        now={location.hash === '#comments'}
      />
    </div>
  );
}

export function PostNotFound() {
  const t = useT();
  return (
    <NotFoundState
      title={t('posts.detail.notFoundTitle')}
      message={t('posts.detail.notFoundText')}
      actions={<ButtonLink to="/dashboard">{t('posts.detail.backToTimeline')}</ButtonLink>}
    />
  );
}
