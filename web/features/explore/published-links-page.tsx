import { useInfiniteQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { PageHeader } from '@web/components/page-header';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { PublishedLinkCard } from './components/published-link-card';
import { PublishedList } from './components/published-list';
import { PublishedPostCardSkeleton } from './components/published-post-card-skeleton';
import { EXPLORE_LINK_TEXT } from './messages';
import { publishedLinksOptions } from './queries';

const LIST_TEXT = {
  loading: EXPLORE_LINK_TEXT.loading,
  empty: EXPLORE_LINK_TEXT.empty,
  error: EXPLORE_LINK_TEXT.timelineError,
  loadingMore: EXPLORE_LINK_TEXT.loadingMore,
  noMore: EXPLORE_LINK_TEXT.noMore,
};

/** /explore/links: every published link Hearth has read, newest first, for anyone. */
export function PublishedLinksPage() {
  useDocumentTitle(EXPLORE_LINK_TEXT.title);
  const options = publishedLinksOptions();
  const query = useInfiniteQuery(options);
  return (
    <>
      <PageHeader
        title={EXPLORE_LINK_TEXT.title}
        description="Pages Hearth's members have read, summarised and shared with everyone."
      />
      <PublishedList
        query={query}
        queryKey={options.queryKey}
        text={LIST_TEXT}
        emptyIcon={Link2}
        skeleton={<PublishedPostCardSkeleton />}
        renderItem={(link) => <PublishedLinkCard key={link.id} link={link} />}
      />
    </>
  );
}
