import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Inbox, Plus, Search, UsersRound, X } from 'lucide-react';
import type { Group } from '@shared/api/groups';
import { GROUP_SORTS, type GroupSort } from '@shared/domain/constants';
import { useAuth } from '@web/app/auth/auth-context';
import { Button, ButtonLink } from '@web/components/button';
import { Card } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { Input } from '@web/components/input';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { ApiError, errorMessage } from '@web/lib/api-errors';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { flattenPages } from '@web/lib/pagination';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { useDocumentTitle } from '@web/lib/use-document-title';
import {
  DEFAULT_GROUP_SORT,
  groupSearchQueryOptions,
  groupsQueryOptions,
  pendingRequestsCountQueryOptions,
} from './api';
import { CountBadge } from './components/count-badge';
import { GroupRow } from './components/group-row';
import { loadFailure } from './load-failure';
import { GROUP_REQUESTS_PATH, NEW_GROUP_PATH } from './paths';
import { useT } from '@web/i18n/i18n';

/** Typing settles for this long before the list is asked for again. */
export const GROUP_SEARCH_DEBOUNCE_MS = 250;

/** Each sort's message. */
export const SORT_LABELS: Record<GroupSort, string> = {
  name: 'groups.list.sortName',
  date: 'groups.list.sortDate',
  status: 'groups.list.sortStatus',
};

function isGroupSort(value: string): value is GroupSort {
  return (GROUP_SORTS as readonly string[]).includes(value);
}

/** /groups: every group, searched by name and sorted by name, date (newest first) or my status. */
export function GroupsPage() {
  const t = useT();
  useDocumentTitle(t('groups.list.title'));
  const { authenticated, markUnauthenticated } = useAuth();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<GroupSort>(DEFAULT_GROUP_SORT);
  const q = useDebouncedValue(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const groups = useInfiniteQuery({
    ...groupSearchQueryOptions({ q, sort }),
    placeholderData: keepPreviousData,
  });

  const unauthorized = groups.error instanceof ApiError && groups.error.status === 401;
  useEffect(() => {
    if (unauthorized) markUnauthenticated();
  }, [unauthorized, markUnauthenticated]);

  // From the whole list (the switcher's, already cached), so a search does not hide the link.
  const everyGroup = useQuery({ ...groupsQueryOptions(), enabled: authenticated });
  const answersRequests = everyGroup.data?.some((group) => group.can_answer_requests) ?? false;
  const waiting = useQuery({ ...pendingRequestsCountQueryOptions(), enabled: answersRequests });
  const loadMore = () => {
    if (groups.hasNextPage && !groups.isFetchingNextPage) void groups.fetchNextPage();
  };
  const endRef = useInfiniteScroll(loadMore, groups.hasNextPage && !groups.isFetchingNextPage);
  const searching = groups.isFetching && groups.isPlaceholderData;

  return (
    <div>
      <PageHeader
        title={t('groups.list.title')}
        description={t('groups.list.description')}
        actions={
          <>
            {answersRequests ? (
              <ButtonLink to={GROUP_REQUESTS_PATH} variant="outline">
                <Inbox className="size-4" aria-hidden="true" />
                {t('groups.page.requests')}
                <CountBadge count={waiting.data ?? 0} label={t('groups.page.waiting')} />
              </ButtonLink>
            ) : null}
            <ButtonLink to={NEW_GROUP_PATH}>
              <Plus className="size-4" aria-hidden="true" />
              {t('groups.list.newGroup')}
            </ButtonLink>
          </>
        }
      />

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label={t('groups.list.search')}
            placeholder={t('groups.list.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="ps-9 pe-10 [&::-webkit-search-cancel-button]:appearance-none"
            autoComplete="off"
            enterKeyHint="search"
          />
          {searching ? (
            <Spinner
              className="absolute top-1/2 end-3 -translate-y-1/2 text-stone-400"
              label={t('groups.list.searching')}
            />
          ) : search ? (
            <button
              type="button"
              aria-label={t('groups.list.clearSearch')}
              onClick={() => setSearch('')}
              className="absolute top-1/2 end-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
          <span className="shrink-0">{t('groups.list.sortBy')}</span>
          <Select
            value={sort}
            onChange={(event) => {
              if (isGroupSort(event.target.value)) setSort(event.target.value);
            }}
            wrapperClassName="flex-1 sm:w-36 sm:flex-none"
          >
            {GROUP_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_LABELS[value])}
              </option>
            ))}
          </Select>
        </label>
      </div>

      <GroupList
        groups={groups.data ? flattenPages(groups.data) : undefined}
        loading={groups.isPending}
        error={
          groups.isError
            ? unauthorized
              ? t('groups.list.authRequired')
              : loadFailure(errorMessage(groups.error))
            : null
        }
        retrying={groups.isFetching}
        onRetry={() => void groups.refetch()}
        searched={q !== ''}
      />
      {groups.data && groups.hasNextPage ? (
        <div ref={endRef} className="mt-4 flex justify-center">
          <Button variant="outline" busy={groups.isFetchingNextPage} onClick={loadMore}>
            {groups.isFetchingNextPage ? t('groups.list.loadingMore') : t('groups.list.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function GroupList({
  groups,
  loading,
  error,
  retrying,
  onRetry,
  searched,
}: {
  groups: Group[] | undefined;
  loading: boolean;
  error: string | null;
  retrying: boolean;
  onRetry: () => void;
  searched: boolean;
}) {
  const t = useT();
  if (loading) {
    return (
      <div className="flex items-center justify-center gap-2 py-16 text-sm text-stone-500" role="status">
        <Spinner /> {t('groups.list.loading')}
      </div>
    );
  }
  if (error && !groups?.length) {
    return <RetryAlert message={error} retrying={retrying} onRetry={onRetry} />;
  }
  if (!groups?.length) {
    return (
      <EmptyState
        icon={UsersRound}
        title={t('groups.list.empty')}
        description={searched ? t('groups.list.emptySearched') : t('groups.list.emptyDescription')}
        action={
          <ButtonLink to={NEW_GROUP_PATH} variant="outline">
            <Plus className="size-4" aria-hidden="true" />
            {t('groups.list.newGroup')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-stone-100" aria-label={t('groups.list.title')}>
        {groups.map((group) => (
          <GroupRow key={group.id} group={group} />
        ))}
      </ul>
    </Card>
  );
}
