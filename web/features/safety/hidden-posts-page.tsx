import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import type { HiddenPost } from '@shared/api/reports';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PagedListState } from '@web/components/paged-list-state';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { hiddenPostsPaging, safetyKeys, showPostAgain } from './api';
import { SettingsBackLink } from './settings-back-link';

/** /settings/hidden: the posts the member hid with Ignore, most recent first, each with Show again. */
export function HiddenPostsPage() {
  const t = useT();
  useDocumentTitle(t('safety.hidden.title'));
  const query = useInfiniteQuery({ queryKey: safetyKeys.hiddenPosts(), ...hiddenPostsPaging() });
  return (
    <>
      <SettingsBackLink />
      <PageHeader title={t('safety.hidden.title')} description={t('safety.hidden.description')} />
      <PagedListState query={query} loadingLabel={t('safety.hidden.loading')}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              icon={EyeOff}
              title={t('safety.hidden.emptyTitle')}
              description={t('safety.hidden.emptyDescription')}
            />
          ) : (
            <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200/80 bg-white shadow-sm shadow-stone-900/5">
              {items.map((post) => (
                <HiddenPostItem key={post.post_id} post={post} />
              ))}
            </ul>
          )
        }
      </PagedListState>
    </>
  );
}

function HiddenPostItem({ post }: { post: HiddenPost }) {
  const t = useT();
  const queryClient = useQueryClient();
  const show = useMutation({
    mutationFn: () => showPostAgain(post.post_id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: safetyKeys.hiddenPosts() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
    },
  });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
      <div className="min-w-0 flex-1">
        <Link
          to={`/post/${encodeURIComponent(post.post_id)}`}
          className="font-medium break-words text-stone-900 hover:underline"
        >
          {post.tldr}
        </Link>
        <p className="text-sm text-stone-500">
          {post.group_name
            ? t('safety.hidden.bylineInGroup', {
                name: post.name,
                username: post.username,
                group: post.group_name,
              })
            : t('safety.hidden.byline', { name: post.name, username: post.username })}
        </p>
        {show.isError ? <Alert className="mt-2">{errorMessage(show.error)}</Alert> : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        busy={show.isPending}
        onClick={() => show.mutate()}
        aria-label={t('safety.hidden.showAgainLabel', { title: post.tldr })}
      >
        {show.isPending ? null : <Eye className="size-4" aria-hidden="true" />}
        {t('safety.hidden.showAgain')}
      </Button>
    </li>
  );
}
