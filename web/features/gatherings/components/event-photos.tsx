import { useInfiniteQuery } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import type { GroupEvent } from '@shared/api/gatherings';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { PostList } from '@web/features/posts';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { flattenPages } from '@web/lib/pagination';
import { eventPhotosQueryOptions } from '../api';

/** The composer, with the event's group chosen and the post linked to the event. */
export const addPhotosPath = (event: { id: string; group_id: string }) =>
  `/posts/new?${new URLSearchParams({ group_id: event.group_id, event_id: event.id })}`;

/**
 * Afterwards (ADR 057): once an event has ended, its page gathers the posts that bring its photos
 * (posts of its group, each as the timeline shows it) and invites those who went to add theirs
 * through the post composer, the one upload path. Newest first, a page at a time (Load more).
 */
export function EventPhotos({ event }: { event: GroupEvent }) {
  const t = useT();
  const photos = useInfiniteQuery(eventPhotosQueryOptions(event.id));
  const posts = flattenPages(photos.data);
  return (
    <section aria-labelledby="event-photos-title" className="space-y-4">
      <h2 id="event-photos-title" className="text-lg font-semibold text-stone-900">
        {t('gatherings.photos.title')}
      </h2>
      {event.can_add_photos && event.group_id ? (
        <Card>
          <CardBody className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-stone-700">{t('gatherings.photos.invite')}</p>
            <ButtonLink to={addPhotosPath({ id: event.id, group_id: event.group_id })} size="sm">
              <ImagePlus className="size-4" aria-hidden="true" />
              {t('gatherings.photos.add')}
            </ButtonLink>
          </CardBody>
        </Card>
      ) : null}
      {photos.isPending ? (
        <Spinner label={t('gatherings.photos.loading')} />
      ) : photos.isError ? (
        <Alert>{errorMessage(photos.error)}</Alert>
      ) : posts.length === 0 ? (
        <p className="text-sm text-stone-600">{t('gatherings.photos.none')}</p>
      ) : (
        <>
          <PostList posts={posts} />
          {photos.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                busy={photos.isFetchingNextPage}
                onClick={() => void photos.fetchNextPage()}
              >
                {photos.isFetchingNextPage
                  ? t('gatherings.photos.loadingMore')
                  : t('gatherings.photos.loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
