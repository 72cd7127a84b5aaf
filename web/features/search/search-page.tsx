import { useState, type FormEvent } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { RotateCw, Search, SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { Post } from '@shared/api/posts';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Input } from '@web/components/input';
import { PageHeader } from '@web/components/page-header';
import { PostCardSkeleton, PostList, postsMeta } from '@web/features/posts';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { errorMessage } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { searchPosts } from './api';
import { nextSearchQuery, SEARCH_TEXT, SECTION_TABS, tabFromParam, type SectionTab } from './messages';
import { SectionResults } from './search-sections';

/**
 * /search (spec sections 2, 5, 8): Enter submits; a query is sent only when non-blank and different
 * from the last one; results are post cards. The submitted query lives in the address (?q=), so Back
 * and reload keep it.
 */
export function SearchPage() {
  const t = useT();
  useDocumentTitle(t('search.page.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const submitted = searchParams.get('q')?.trim() || null;
  const tab = tabFromParam(searchParams.get('tab'));
  const [input, setInput] = useState(submitted ?? '');
  const [shownQuery, setShownQuery] = useState(submitted);
  if (shownQuery !== submitted) {
    // The address changed (Back, Forward, a link): show its query in the box.
    setShownQuery(submitted);
    setInput(submitted ?? '');
  }

  const results = useQuery({
    queryKey: queryKeys.posts.search(submitted ?? ''),
    queryFn: ({ signal }) => searchPosts(submitted ?? '', signal),
    enabled: submitted !== null && tab === 'posts',
    meta: postsMeta('list'),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = nextSearchQuery(input, submitted);
    if (query === null) return;
    setSearchParams(tab === 'posts' ? { q: query } : { q: query, tab });
  }

  function chooseTab(next: SectionTab) {
    const params: Record<string, string> = submitted ? { q: submitted } : {};
    if (next !== 'posts') params.tab = next;
    setSearchParams(params, { replace: true });
  }

  return (
    <>
      <PageHeader title={t('search.page.title')} description={t('search.page.description')} />
      <form role="search" onSubmit={submit} className="mb-6 flex gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            name="q"
            aria-label={t('search.page.fieldLabel')}
            placeholder={t('search.page.placeholder')}
            autoFocus
            autoComplete="off"
            enterKeyHint="search"
            maxLength={LIMITS.searchQuery}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            className="h-11 ps-9"
          />
        </div>
        <Button type="submit" size="lg" busy={results.isFetching} disabled={!input.trim()}>
          {t('search.page.submit')}
        </Button>
      </form>
      <div
        role="tablist"
        aria-label={t('search.page.tabsLabel')}
        className="mb-4 flex gap-1 border-b border-stone-200"
      >
        {SECTION_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => chooseTab(name)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              tab === name
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-stone-600 hover:text-stone-900',
            )}
          >
            {t(SEARCH_TEXT.tabs[name])}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(SEARCH_TEXT.tabs[tab])}>
        {tab !== 'posts' && submitted !== null ? (
          <SectionResults query={submitted} tab={tab} />
        ) : (
          <SearchResults query={submitted} results={results} onRetry={() => void results.refetch()} />
        )}
      </div>
    </>
  );
}

function SearchResults({
  query,
  results,
  onRetry,
}: {
  query: string | null;
  results: UseQueryResult<Post[]>;
  onRetry: () => void;
}) {
  const t = useT();
  if (query === null) {
    return (
      <EmptyState
        icon={Search}
        title={t('search.page.startTitle')}
        description={t('search.page.startDescription')}
      />
    );
  }
  if (results.isPending) {
    return (
      <div role="status" aria-label={t('search.page.searching')} className="space-y-4">
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }
  if (results.isError) {
    return (
      <Alert>
        <p>{t(SEARCH_TEXT.error, { message: errorMessage(results.error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('search.page.tryAgain')}
        </Button>
      </Alert>
    );
  }
  if (results.data.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={t(SEARCH_TEXT.empty)}
        description={t('search.page.emptyDescription', { query })}
      />
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-stone-600" role="status">
        <Message
          id="search.page.matching"
          values={{ count: results.data.length, query }}
          components={{ query: <span className="font-medium text-stone-900" /> }}
        />
      </p>
      <PostList posts={results.data} />
    </>
  );
}
