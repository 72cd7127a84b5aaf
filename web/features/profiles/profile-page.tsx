import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadingScreen } from '@web/components/loading-screen';
import { ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { PostTimeline, profilePostsPageFetcher } from '@web/features/posts';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { profileQueryOptions } from './api';
import { ProfileCard } from './components/profile-card';
import { profileDisplayName } from './display-name';

/** /profiles/{id}: heading Profile, the member's card, then a Timeline of their posts I may see. */
export function ProfilePage() {
  const { id = '' } = useParams();
  const profile = useQuery(profileQueryOptions(id));
  useDocumentTitle(profile.data ? profileDisplayName(profile.data) : 'Profile');

  // A member who is not there (or not there for this reader): one heading, one message.
  if (profile.isError && isNotFoundError(profile.error)) {
    return (
      <NotFoundState
        title="Member not found"
        message={`An error has occurred: ${errorMessage(profile.error)}`}
        actions={<ButtonLink to="/dashboard">Back to Timeline</ButtonLink>}
      />
    );
  }
  return (
    <div>
      <PageHeader title="Profile" />
      {profile.isPending ? (
        <LoadingScreen label="Loading profile…" />
      ) : profile.isError ? (
        <RetryAlert
          message={`An error has occurred: ${errorMessage(profile.error)}`}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <div className="space-y-8">
          <ProfileCard profile={profile.data} />
          <section aria-labelledby="profile-timeline-heading">
            <h2
              id="profile-timeline-heading"
              className="mb-3 text-lg font-semibold tracking-tight text-stone-900"
            >
              Timeline
            </h2>
            <PostTimeline
              queryKey={queryKeys.posts.profile(profile.data.id)}
              fetchPage={profilePostsPageFetcher(profile.data.id)}
              emptyText={profile.data.is_self ? "You haven't posted yet" : 'No posts to show yet'}
            />
          </section>
        </div>
      )}
    </div>
  );
}
