import type { ComponentType } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { HeartHandshake, Sparkles, UserRoundCheck, UsersRound } from 'lucide-react';
import type { ProfileSummary } from '@shared/api/profiles';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { flattenPages } from '@web/lib/pagination';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { friendsQueryOptions, peopleQueryOptions } from './api';
import { PersonRow } from './components/person-row';
import { FRIENDS_TEXT as TEXT } from './messages';

/**
 * /friends: People you follow, Your followers (both paged: Load More), People you may know (from
 * your groups).
 */
export function FriendsPage() {
  const t = useT();
  useDocumentTitle(t(TEXT.title));
  const friends = useQuery(friendsQueryOptions());
  const following = useInfiniteQuery(peopleQueryOptions('following'));
  const followers = useInfiniteQuery(peopleQueryOptions('followers'));

  return (
    <div>
      <PageHeader title={t(TEXT.title)} description={t('friends.page.description')} />
      {friends.isPending ? (
        <LoadingScreen label={t('friends.page.loading')} />
      ) : friends.isError ? (
        <RetryAlert
          message={t('friends.page.error', { message: errorMessage(friends.error) })}
          retrying={friends.isFetching}
          onRetry={() => void friends.refetch()}
        />
      ) : (
        <div className="space-y-6">
          <PeopleSection
            icon={UserRoundCheck}
            title={t(TEXT.following.title)}
            description={t(TEXT.following.description)}
            empty={t(TEXT.following.empty)}
            people={following.data ? flattenPages(following.data) : friends.data.following}
            more={pager(following)}
            showFollowsYou
          />
          <PeopleSection
            icon={UsersRound}
            title={t(TEXT.followers.title)}
            description={t(TEXT.followers.description)}
            empty={t(TEXT.followers.empty)}
            people={followers.data ? flattenPages(followers.data) : friends.data.followers}
            more={pager(followers)}
          />
          <PeopleSection
            icon={Sparkles}
            title={t(TEXT.suggestions.title)}
            description={t(TEXT.suggestions.description)}
            empty={t(TEXT.suggestions.empty)}
            emptyHint={t(TEXT.suggestions.emptyHint)}
            people={friends.data.suggestions}
          />
        </div>
      )}
    </div>
  );
}

interface Pager {
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
}

function pager(query: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}): Pager {
  return {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}

function PeopleSection({
  icon: Icon,
  title,
  description,
  empty,
  emptyHint,
  people,
  more,
  showFollowsYou = false,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  description: string;
  empty: string;
  emptyHint?: string;
  people: ProfileSummary[];
  more?: Pager;
  showFollowsYou?: boolean;
}) {
  const t = useT();
  return (
    <Card>
      <CardHeader className="flex flex-row items-start gap-3 space-y-0">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="size-[18px]" aria-hidden />
        </span>
        <div className="min-w-0 space-y-0.5">
          <CardTitle className="flex items-center gap-2">
            {title}
            {people.length > 0 ? (
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
                {people.length}
                {more?.hasMore ? '+' : ''}
              </span>
            ) : null}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardBody className="pt-2 sm:pt-3">
        {people.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl bg-stone-50 px-4 py-3.5 text-sm text-stone-600">
            <HeartHandshake className="size-4 shrink-0 text-stone-400" aria-hidden="true" />
            <p>
              {empty}
              {emptyHint ? <span className="text-stone-500"> {emptyHint}</span> : null}
            </p>
          </div>
        ) : (
          <ul className="-my-1 divide-y divide-stone-100" aria-label={title}>
            {people.map((person) => (
              <PersonRow key={person.id} person={person} showFollowsYou={showFollowsYou} />
            ))}
          </ul>
        )}
        {more?.hasMore ? (
          <div className="mt-3 flex justify-center">
            <Button variant="outline" size="sm" busy={more.loading} onClick={more.loadMore}>
              {t(more.loading ? 'friends.page.loadingMore' : 'friends.page.loadMore')}
            </Button>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
