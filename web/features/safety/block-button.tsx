import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { blockMember, fetchBlock, safetyKeys, unblockMember } from './api';

/**
 * Block / Unblock on a member's profile. Blocking asks first and says what it does; unblocking is
 * immediate. Either way the timelines are refetched, so what the block hides goes or comes back.
 */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const state = useQuery({ queryKey: safetyKeys.block(userId), queryFn: () => fetchBlock(userId) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: safetyKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
  };
  const change = useMutation({
    mutationFn: (block: boolean) => (block ? blockMember(userId) : unblockMember(userId)),
    onSuccess: (result) => {
      queryClient.setQueryData(safetyKeys.block(userId), result);
      setConfirming(false);
      refresh();
    },
  });

  if (!state.data) return null;
  if (state.data.blocked) {
    return (
      <Button variant="outline" size="sm" busy={change.isPending} onClick={() => change.mutate(false)}>
        {t('safety.block.unblock')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <Ban className="size-4" aria-hidden="true" />
        {t('safety.block.block')}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(next) => {
          if (!next) change.reset();
          setConfirming(next);
        }}
        dismissible={!change.isPending}
        title={t('safety.block.title', { name })}
        description={t('safety.block.description')}
      >
        {change.isError ? <Alert className="mb-4">{errorMessage(change.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={change.isPending}>
            {t('safety.block.cancel')}
          </Button>
          <Button variant="danger" busy={change.isPending} onClick={() => change.mutate(true)}>
            {t(change.isPending ? 'safety.block.blocking' : 'safety.block.block')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
