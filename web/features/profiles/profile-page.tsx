import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadingScreen } from '@web/components/loading-screen';
import { ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { PostTimeline, profilePostsPageFetcher } from '@web/features/posts';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { profileQueryOptions } from './api';
import { ProfileCard } from './components/profile-card';
import { profileDisplayName } from './display-name';

/** /profiles/{id}: heading Profile, the member's card, then a Timeline of their posts I may see. */
export function ProfilePage() {
  const t = useT();
  const { id = '' } = useParams();
  const profile = useQuery(profileQueryOptions(id));
  useDocumentTitle(profile.data ? profileDisplayName(profile.data) : t('profiles.page.title'));

  // A member who is not there (or not there for this reader): one heading, one message.
  if (profile.isError && isNotFoundError(profile.error)) {
    return (
      <NotFoundState
        title={t('profiles.page.notFound')}
        message={t('profiles.page.error', { message: errorMessage(profile.error) })}
        actions={<ButtonLink to="/dashboard">{t('profiles.page.backToTimeline')}</ButtonLink>}
      />
    );
  }
  return (
    <div>
      <PageHeader title={t('profiles.page.title')} />
      {profile.isPending ? (
        <LoadingScreen label={t('profiles.page.loading')} />
      ) : profile.isError ? (
        <RetryAlert
          message={t('profiles.page.error', { message: errorMessage(profile.error) })}
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
              {t('profiles.page.timeline')}
            </h2>
            <PostTimeline
              queryKey={queryKeys.posts.profile(profile.data.id)}
              fetchPage={profilePostsPageFetcher(profile.data.id)}
              emptyText={t(profile.data.is_self ? 'profiles.page.selfEmpty' : 'profiles.page.empty')}
            />
          </section>
        </div>
      )}
    </div>
  );
}
