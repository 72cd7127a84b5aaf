import { useInfiniteQuery } from '@tanstack/react-query';
import { Images } from 'lucide-react';
import { useParams } from 'react-router';
import type { GroupPhoto } from '@shared/api/posts';
import { Button, ButtonLink } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { Spinner } from '@web/components/spinner';
import { api } from '@web/lib/api-client';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { cursorPaging, flattenPages } from '@web/lib/pagination';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { PhotoGrid } from './components/photo-grid';
import { photosOf } from './components/photo-layout';
import { photoPath } from './components/photo-address';

/** The album's query key: under the posts' lists, so a new post refreshes it. */
const groupPhotosKey = (groupId: string) => ['posts', 'list', 'group-photos', groupId] as const;

/**
 * /group/{id}/photos (ADR 048): every photo and video of the group's posts the member may see,
 * newest post first, each post's in its order, a page of posts at a time, opening the same
 * full-size view as a post (where a video plays), at each one's own address (/post/{id}/photo/{n},
 * ADR 050). Non-members get the group's not-found answer.
 */
export function GroupPhotosPage() {
  const t = useT();
  const { id = '' } = useParams();
  useDocumentTitle(t('posts.groupPhotos.title'));
  const photos = useInfiniteQuery({
    queryKey: groupPhotosKey(id),
    ...cursorPaging<GroupPhoto>(api, `/groups/${encodeURIComponent(id)}/photos`),
  });
  const items = photosOf(flattenPages(photos.data));

  return (
    <>
      <PageHeader
        title={t('posts.groupPhotos.title')}
        description={t('posts.groupPhotos.description')}
        actions={
          <ButtonLink to={`/group/${encodeURIComponent(id)}`} variant="outline" size="sm">
            {t('posts.groupPhotos.backToGroup')}
          </ButtonLink>
        }
      />
      {photos.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('posts.groupPhotos.loading')} />
        </div>
      ) : photos.isError ? (
        <RetryAlert
          message={t('posts.timeline.loadError', { message: errorMessage(photos.error) })}
          retrying={photos.isFetching}
          onRetry={() => void photos.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Images}
          title={t('posts.groupPhotos.empty')}
          description={t('posts.groupPhotos.emptyDescription')}
        />
      ) : (
        <div className="space-y-4">
          <PhotoGrid
            photos={items}
            postTitle={t('posts.groupPhotos.thisGroup')}
            variant="full"
            addressOf={(index) => photoPath(items[index]!.post_id, items[index]!.index)}
          />
          {photos.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                busy={photos.isFetchingNextPage}
                onClick={() => void photos.fetchNextPage()}
              >
                {photos.isFetchingNextPage
                  ? t('posts.groupPhotos.loadingMore')
                  : t('posts.groupPhotos.loadMore')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
