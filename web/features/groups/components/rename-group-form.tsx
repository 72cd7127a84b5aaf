import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Group } from '@shared/api/groups';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardHeader, CardTitle } from '@web/components/card';
import { TextField } from '@web/components/input';
import { ApiError, errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { updateGroup } from '../api';
import { groupPath } from '../paths';
import { t, useT } from '@web/i18n/i18n';

function renameFailureMessage(error: unknown): string {
  const first = fieldErrorsOf(error).name?.[0];
  if (error instanceof ApiError && error.status === 422 && first)
    return t('groups.rename.nameError', { problem: first });
  return errorMessage(error);
}

/** Group Name with Update Group; success goes to /group/{id} of the response (spec: group edit). */
export function RenameGroupForm({ group }: { group: Group }) {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(group.name);

  const update = useMutation({
    mutationFn: updateGroup,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.groups.detail(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.list() });
      navigate(groupPath(updated.id));
    },
    onError: (error) => console.error('Group update failed', error),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate({ id: group.id, name: name.trim() });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('groups.rename.title')}</CardTitle>
      </CardHeader>
      <CardBody className="pt-3 sm:pt-4">
        <form onSubmit={submit} className="space-y-4">
          {update.isError ? <Alert>{renameFailureMessage(update.error)}</Alert> : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <TextField
              label={t('groups.rename.label')}
              name="name"
              autoComplete="off"
              maxLength={LIMITS.groupNameMax}
              value={name}
              onChange={(event) => setName(event.target.value)}
              className="flex-1"
            />
            <Button type="submit" busy={update.isPending}>
              {update.isPending ? t('groups.rename.updating') : t('groups.rename.update')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
