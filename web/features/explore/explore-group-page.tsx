import { useQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { PublishedTimeline } from './components/published-timeline';
import { ExploreHeading } from './components/explore-heading';
import { EXPLORE_TEXT, publishedErrorText } from './messages';
import { EXPLORE_PATH } from './paths';
import { publicGroupOptions } from './queries';

/** /explore/group/{group_id}: one group's published posts, under the group's name. */
export function ExploreGroupPage() {
  const { id = '' } = useParams();
  const group = useQuery(publicGroupOptions(id));
  useDocumentTitle(group.data?.name ?? (isNotFoundError(group.error) ? 'Group not found' : 'Group'));
  if (group.isError && isNotFoundError(group.error)) {
    return (
      <NotFoundState
        title="Group not found"
        message={publishedErrorText(group.error)}
        actions={<ButtonLink to={EXPLORE_PATH}>{EXPLORE_TEXT.backToPublished}</ButtonLink>}
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
        description="Posts this group's members have published."
      />
      <PublishedTimeline key={id} filter={{ group_id: id }} />
    </>
  );
}
