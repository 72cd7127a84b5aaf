import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, UsersRound } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { LoadingScreen } from '@web/components/loading-screen';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { RetryAlert } from '@web/components/retry-alert';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { groupLinkQueryOptions, joinByLink } from './invitations-api';
import { loadFailure } from './load-failure';
import { groupPath, GROUPS_PATH } from './paths';
import { useT } from '@web/i18n/i18n';

/**
 * /join/{code}: a group link. Signed-out visitors are sent to sign in first and come back here (the
 * signed-in shell keeps the address). A link that does not lead in (unknown, expired, used up, off)
 * reads the same whatever the reason, as the server answers.
 */
export function JoinLinkPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const link = useQuery(groupLinkQueryOptions(code));
  useDocumentTitle(
    link.data ? t('groups.joinLink.title', { group: link.data.group_name }) : t('groups.link.title'),
  );
  const join = useMutation({
    mutationFn: () => joinByLink(code),
    onSuccess: (joined) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
      void navigate(groupPath(joined.group_id), { replace: true });
    },
  });

  const back = (
    <ButtonLink to={GROUPS_PATH} variant="ghost" size="sm">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('groups.page.allGroups')}
    </ButtonLink>
  );
  if (link.isPending) return <LoadingScreen label={t('groups.joinLink.loading')} />;
  if (link.isError || (join.isError && isNotFoundError(join.error))) {
    const error = link.error ?? join.error;
    if (isNotFoundError(error)) {
      return (
        <NotFoundState
          title={t('groups.joinLink.notFoundTitle')}
          message={t('groups.joinLink.notFound')}
          actions={back}
        />
      );
    }
    return (
      <div className="space-y-4">
        <RetryAlert
          message={loadFailure(errorMessage(error))}
          retrying={link.isFetching}
          onRetry={() => void link.refetch()}
        />
        {back}
      </div>
    );
  }

  const group = link.data;
  return (
    <div className="mx-auto max-w-md pt-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="flex items-center gap-2">
              <UsersRound className="size-5 text-brand-700" aria-hidden="true" />
              {t('groups.joinLink.title', { group: group.group_name })}
            </span>
          </CardTitle>
          <CardDescription>
            {group.is_member ? t('groups.joinLink.member') : t('groups.joinLink.description')}
          </CardDescription>
        </CardHeader>
        <CardBody className="space-y-4 pt-3 sm:pt-4">
          {join.isError ? <Alert>{errorMessage(join.error)}</Alert> : null}
          {group.is_member ? (
            <ButtonLink to={groupPath(group.group_id)}>{t('groups.joinLink.open')}</ButtonLink>
          ) : (
            <Button busy={join.isPending} onClick={() => join.mutate()} fullWidth>
              {join.isPending ? t('groups.joinLink.joining') : t('groups.joinLink.button')}
            </Button>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
