import { useQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { PublishedTimeline } from './components/published-timeline';
import { ExploreHeading } from './components/explore-heading';
import { publishedErrorText } from './errors';
import { EXPLORE_PATH } from './paths';
import { publicGroupOptions } from './queries';

/** /explore/group/{group_id}: one group's published posts, under the group's name. */
export function ExploreGroupPage() {
  const t = useT();
  const { id = '' } = useParams();
  const group = useQuery(publicGroupOptions(id));
  useDocumentTitle(
    group.data?.name ??
      (isNotFoundError(group.error) ? t('explore.group.notFound') : t('explore.group.documentTitle')),
  );
  if (group.isError && isNotFoundError(group.error)) {
    return (
      <NotFoundState
        title={t('explore.group.notFound')}
        message={publishedErrorText(group.error)}
        actions={<ButtonLink to={EXPLORE_PATH}>{t('explore.post.back')}</ButtonLink>}
      />
    );
  }
  return (
    <>
      <ExploreHeading
        query={group}
        title={group.data?.name}
        leading={
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800 ring-1 ring-brand-200/70">
            <UsersRound className="size-6" aria-hidden="true" />
          </span>
        }
        description={t('explore.group.description')}
      />
      <PublishedTimeline key={id} filter={{ group_id: id }} />
    </>
  );
}
