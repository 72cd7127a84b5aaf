import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { TextField } from '@web/components/input';
import { PageHeader } from '@web/components/page-header';
import { ApiError, fieldErrorsOf } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { createGroup } from './api';
import { groupPath, GROUPS_PATH } from './paths';
import { t, useT } from '@web/i18n/i18n';

/** Spec section 8: 422 → 'Name {first error}' or the retry text; anything else the generic text. */
export function createGroupFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) {
    const first = fieldErrorsOf(error).name?.[0];
    return first ? t('groups.create.nameError', { problem: first }) : t('groups.create.retryName');
  }
  return t('groups.create.failed');
}

/** /groups/new: a name (non-blank), then the new group's page. */
export function NewGroupPage() {
  const t = useT();
  useDocumentTitle(t('groups.list.newGroup'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');

  const create = useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(queryKeys.groups.detail(group.id), group);
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
      navigate(groupPath(group.id));
    },
    onError: (error) => console.error('Create group failed', error),
  });

  const blank = name.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || create.isPending) return;
    create.mutate(name.trim());
  }

  return (
    <div className="max-w-xl">
      <PageHeader title={t('groups.list.newGroup')} description={t('groups.create.description')} />
      <Card>
        <CardBody>
          <form onSubmit={submit} className="space-y-5" noValidate>
            {create.isError ? <Alert>{createGroupFailureMessage(create.error)}</Alert> : null}
            <TextField
              label={t('groups.create.name')}
              name="name"
              required
              autoFocus
              autoComplete="off"
              maxLength={LIMITS.groupNameMax}
              placeholder={t('groups.create.placeholder')}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <ButtonLink to={GROUPS_PATH} variant="ghost">
                {t('groups.create.cancel')}
              </ButtonLink>
              <Button type="submit" busy={create.isPending} disabled={blank}>
                {create.isPending ? null : <UsersRound className="size-4" aria-hidden="true" />}
                {create.isPending ? t('groups.create.busy') : t('groups.create.submit')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
