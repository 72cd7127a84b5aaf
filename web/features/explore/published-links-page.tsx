import { useInfiniteQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { PageHeader } from '@web/components/page-header';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { PublishedLinkCard } from './components/published-link-card';
import { PublishedList } from './components/published-list';
import { PublishedPostCardSkeleton } from './components/published-post-card-skeleton';
import { publishedLinksOptions } from './queries';

const LIST_TEXT = {
  loading: 'explore.links.loading',
  empty: 'explore.links.empty',
  error: 'explore.links.error',
  loadingMore: 'explore.links.loadingMore',
  noMore: 'explore.links.noMore',
};

/** /explore/links: every published link Hearth has read, newest first, for anyone. */
export function PublishedLinksPage() {
  const t = useT();
  useDocumentTitle(t('explore.links.title'));
  const options = publishedLinksOptions();
  const query = useInfiniteQuery(options);
  return (
    <>
      <PageHeader title={t('explore.links.title')} description={t('explore.links.description')} />
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
