import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import type { Group } from '@shared/api/groups';
import { Button, type ButtonSize } from '@web/components/button';
import { ApiError, errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { requestToJoin } from '../api';
import { patchCachedGroup } from '../cache';
import { PendingBadge } from './membership-badge';
import { useT } from '@web/i18n/i18n';

const ALREADY_ASKED = /already asked/i;
const ALREADY_MEMBER = /already a member/i;

/**
 * Join Group for a non-member (POST /api/group_requests); once asked, the group shows
 * 'Request pending' everywhere it is cached. A failure is logged (spec section 8); a refusal the
 * server explains is shown under the button.
 */
export function JoinGroupButton({
  group,
  size = 'md',
  className,
}: {
  group: Pick<Group, 'id' | 'name' | 'request_status'>;
  size?: ButtonSize;
  className?: string;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const join = useMutation({
    mutationFn: () => requestToJoin(group.id),
    onSuccess: () => {
      setRefusal(null);
      patchCachedGroup(queryClient, group.id, { request_status: 'pending' });
    },
    onError: (error) => {
      console.error('Join request failed', error);
      const base = fieldErrorsOf(error).base?.[0];
      if (base && ALREADY_ASKED.test(base)) {
        patchCachedGroup(queryClient, group.id, { request_status: 'pending' });
        return;
      }
      if (base && ALREADY_MEMBER.test(base)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
        return;
      }
      setRefusal(
        error instanceof ApiError && error.status === 422
          ? (base ?? errorMessage(error))
          : errorMessage(error),
      );
    },
  });

  if (group.request_status === 'pending') return <PendingBadge className={className} />;

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size={size}
        busy={join.isPending}
        onClick={() => join.mutate()}
        className={className}
        aria-label={t('groups.join.label', { group: group.name })}
      >
        {join.isPending ? null : <UserPlus className="size-4" aria-hidden="true" />}
        {t('groups.join.button')}
      </Button>
      {refusal ? (
        <p role="alert" className="max-w-60 text-end text-xs text-red-700">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
