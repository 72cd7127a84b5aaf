import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import type { Group } from '@shared/api/groups';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { queryKeys } from '@web/lib/query-keys';
import { removeMember } from '../api';
import { refusalText } from './member-actions';
import { useT } from '@web/i18n/i18n';

/**
 * Leave group, after a confirmation. The last Owner is refused by the server ('Choose another
 * Owner before you leave.'); the dialog then points to the member list, where they can make
 * someone else Owner first.
 */
export function LeaveGroupButton({ group }: { group: Group & { membership_id: string } }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const leave = useMutation({
    mutationFn: () => removeMember(group.membership_id),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.posts.lists() });
    },
    onError: (error) => console.error('Leaving the group failed', error),
  });
  const refusal = leave.isError ? refusalText(leave.error) : null;

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          leave.reset();
          setOpen(true);
        }}
      >
        <LogOut className="size-4" aria-hidden="true" />
        {t('groups.leave.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        dismissible={!leave.isPending}
        title={t('groups.leave.title', { group: group.name })}
        description={t('groups.leave.description')}
      >
        {refusal ? (
          <Alert className="mt-2">
            {refusal}
            {group.is_owner ? ` ${t('groups.leave.ownerHint')}` : null}
          </Alert>
        ) : null}
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={leave.isPending} onClick={() => setOpen(false)}>
            {t('groups.leave.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={leave.isPending}
            disabled={refusal !== null}
            onClick={() => leave.mutate()}
          >
            {t('groups.leave.confirm')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
