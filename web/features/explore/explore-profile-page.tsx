import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Avatar } from '@web/components/avatar';
import { initialsOf } from '@web/lib/initials';
import { ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ExploreHeading } from './components/explore-heading';
import { publishedErrorText } from './errors';
import { EXPLORE_PATH } from './paths';
import { PublishedTimeline } from './components/published-timeline';
import { publicProfileOptions } from './queries';

/** /explore/profiles/{profile_id}: one member's published posts, under their picture and name. */
export function ExploreProfilePage() {
  const t = useT();
  const { id = '' } = useParams();
  const profile = useQuery(publicProfileOptions(id));
  useDocumentTitle(
    profile.data?.name ??
      (isNotFoundError(profile.error) ? t('explore.profile.notFound') : t('explore.profile.documentTitle')),
  );
  if (profile.isError && isNotFoundError(profile.error)) {
    return (
      <NotFoundState
        title={t('explore.profile.notFound')}
        message={publishedErrorText(profile.error)}
        actions={<ButtonLink to={EXPLORE_PATH}>{t('explore.post.back')}</ButtonLink>}
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
