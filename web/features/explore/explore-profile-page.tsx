import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Avatar } from '@web/components/avatar';
import { initialsOf } from '@web/lib/initials';
import { ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ExploreHeading } from './components/explore-heading';
import { EXPLORE_TEXT, publishedErrorText } from './messages';
import { EXPLORE_PATH } from './paths';
import { PublishedTimeline } from './components/published-timeline';
import { publicProfileOptions } from './queries';

/** /explore/profiles/{profile_id}: one member's published posts, under their picture and name. */
export function ExploreProfilePage() {
  const { id = '' } = useParams();
  const profile = useQuery(publicProfileOptions(id));
  useDocumentTitle(profile.data?.name ?? (isNotFoundError(profile.error) ? 'Member not found' : 'Member'));
  if (profile.isError && isNotFoundError(profile.error)) {
    return (
      <NotFoundState
        title="Member not found"
        message={publishedErrorText(profile.error)}
        actions={<ButtonLink to={EXPLORE_PATH}>{EXPLORE_TEXT.backToPublished}</ButtonLink>}
      />
    );
  }
  return (
    <>
      <ExploreHeading
        query={profile}
        title={profile.data?.name}
        leading={
          profile.data ? (
            <Avatar size="lg" src={profile.data.avatar} initials={initialsOf(profile.data.name)} />
          ) : (
            <Avatar size="lg" initials="" />
          )
        }
        description={profile.data ? `@${profile.data.username}` : undefined}
      />
      <PublishedTimeline key={id} filter={{ profile_id: id }} />
    </>
  );
}
