import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link2, RotateCw, SquarePen } from 'lucide-react';
import type { Link } from '@shared/api/links';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { fetchGroupLinkPage, LinkCard } from '@web/features/links';
import { PostTimeline, timelinePageFetcher, TIMELINE_STALE_TIME_MS, useNewPosts } from '@web/features/posts';
import { errorMessage } from '@web/lib/api-errors';
import { useLiveEvents } from '@web/lib/live-events';
import { flattenPages, type CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';
import { newLinkInGroupPath, newPostInGroupPath } from '../paths';
import { UnreadNotice, useMarkGroupRead } from './group-unread';
import { useT } from '@web/i18n/i18n';

type LinkPages = InfiniteData<CursorPage<Link>, string | null>;

/**
 * A member's view of the group's timeline: its posts (GET /api/posts?group_id={id}) and the links
 * shared into it (GET /api/links?group_id={id}, ADR 046) as link cards with their summary, one list
 * in time order. Each list pages on its own cursor; the posts feature's timeline merges them.
 * Posts others write here while it is open are counted live; the refresh button says "N new posts"
 * and loads them (ADR 039), marking the group read (ADR 045). `unreadAtOpen` is what was unread
 * when the page opened.
 */
export function GroupTimeline({
  groupId,
  canPost,
  unreadAtOpen = 0,
}: {
  groupId: string;
  canPost: boolean;
  unreadAtOpen?: number;
}) {
  const t = useT();
  const newPosts = useNewPosts((event) => event.groupId === groupId);
  const markRead = useMarkGroupRead(groupId);
  const queryClient = useQueryClient();
  const linksKey = queryKeys.links.group(groupId);
  const links = useInfiniteQuery({
    queryKey: linksKey,
    queryFn: ({ pageParam, signal }) => fetchGroupLinkPage(groupId, { after: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    staleTime: TIMELINE_STALE_TIME_MS,
  });
  const items = links.data ? flattenPages(links.data) : [];
  // A group link's news reaches the group's members (ADR 046): a new card, then its summary as Hearth
  // reads it. The event names no group, and reaches only who may see the link: an unknown one may be
  // new here, so the list is read again (one indexed read).
  useLiveEvents((event) => {
    if (event.type === 'link.updated') void links.refetch();
  });

  /** With the posts' refresh: back to the newest links too. */
  function refreshLinks() {
    queryClient.setQueryData<LinkPages>(linksKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void links.refetch();
  }

  return (
    <section aria-labelledby="group-timeline-heading">
      <h2 id="group-timeline-heading" className="mb-3 text-lg font-semibold tracking-tight text-stone-900">
        {t('groups.timeline.title')}
      </h2>
      {links.isError && !links.data ? (
        <Alert className="mb-4">
          <p>{t('groups.timeline.linksFailed', { message: errorMessage(links.error) })}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void links.refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('groups.timeline.tryAgain')}
          </Button>
        </Alert>
      ) : null}
      <UnreadNotice count={unreadAtOpen} />
      <PostTimeline
        queryKey={queryKeys.posts.timeline(groupId)}
        fetchPage={timelinePageFetcher(groupId)}
        newLabel={newPosts.label}
        onRefresh={() => {
          if (newPosts.count > 0) markRead.mutate();
          newPosts.clear();
          refreshLinks();
        }}
        interleave={{
          items,
          // A failed page of links leaves the posts readable; the refresh button tries again.
          hasNextPage: links.hasNextPage && !links.isFetchNextPageError,
          isFetchingNextPage: links.isFetchingNextPage,
          isPending: links.isPending,
          fetchNextPage: () => void links.fetchNextPage(),
          render: (item) => <LinkCard link={item as Link} />,
        }}
        emptyText={t('groups.timeline.empty')}
        emptyDescription={canPost ? t('groups.timeline.emptyDescription') : undefined}
        emptyAction={
          canPost ? (
            <div className="flex flex-wrap justify-center gap-2">
              <ButtonLink to={newPostInGroupPath(groupId)} variant="outline">
                <SquarePen className="size-4" aria-hidden="true" />
                {t('groups.timeline.writeFirst')}
              </ButtonLink>
              <ButtonLink to={newLinkInGroupPath(groupId)} variant="outline">
                <Link2 className="size-4" aria-hidden="true" />
                {t('groups.page.shareLink')}
              </ButtonLink>
            </div>
          ) : undefined
        }
      />
    </section>
  );
}
