import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { Group } from '@shared/api/groups';
import { ButtonLink } from '@web/components/button';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { RetryAlert } from '@web/components/retry-alert';
import { errorMessage } from '@web/lib/api-errors';
import { loadFailure } from '../load-failure';
import { GROUPS_PATH } from '../paths';
import { useT } from '@web/i18n/i18n';

/**
 * What the group page and the edit group page show when the group did not load: for a group that
 * is not there, one heading and one message; otherwise why, Try Again (busy while the group is
 * fetched again); and the way back to All groups either way.
 */
export function GroupLoadFailure({ group }: { group: UseQueryResult<Group> }) {
  const t = useT();
  const back = (
    <ButtonLink to={GROUPS_PATH} variant="ghost" size="sm">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('groups.page.allGroups')}
    </ButtonLink>
  );
  // A group that is not there (or not there for this member) is no failure another try can mend.
  if (isNotFoundError(group.error)) {
    return (
      <NotFoundState
        title={t('groups.page.notFound')}
        message={loadFailure(errorMessage(group.error))}
        actions={back}
      />
    );
  }
  return (
    <div className="space-y-4">
      <RetryAlert
        message={loadFailure(errorMessage(group.error))}
        retrying={group.isFetching}
        onRetry={() => void group.refetch()}
      />
      {back}
    </div>
  );
}
