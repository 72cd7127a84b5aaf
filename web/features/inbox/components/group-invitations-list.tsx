import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import type { GroupInvitation } from '@shared/api/group-invitations';
import type { GroupInvitationStatus } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Time } from '@web/components/time';
import { roleLabel } from '@web/features/groups/role-labels';
import { Message } from '@web/i18n/message';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { answerGroupInvitation, groupInvitationsQueryOptions } from '../api';

/**
 * My open invitations into groups at the top of the Inbox, each with Accept and Decline. Shown only
 * when there is one; an answer refreshes the list and my groups (the switcher).
 */
export function GroupInvitationsList() {
  const t = useT();
  const invitations = useQuery(groupInvitationsQueryOptions());
  const queryClient = useQueryClient();
  const notice = useTimedMessage();
  const answer = useMutation({
    mutationFn: answerGroupInvitation,
    onSuccess: (answered) => {
      notice.show(
        answered.status === 'accepted'
          ? t('inbox.invitations.accepted', { group: answered.group_name })
          : t('inbox.invitations.declined', { group: answered.group_name }),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.groups.invitations() }),
  });

  const items = invitations.data ?? [];
  if (items.length === 0 && !notice.message && !answer.isError) return null;
  return (
    <section aria-labelledby="group-invitations-title" className="mb-6 space-y-3">
      <h2 id="group-invitations-title" className="text-base font-semibold text-stone-900">
        {t('inbox.invitations.title')}
      </h2>
      {answer.isError ? <Alert>{errorMessage(answer.error)}</Alert> : null}
      {notice.message ? <Alert variant="success">{notice.message}</Alert> : null}
      {items.length > 0 ? (
        <ul
          aria-label={t('inbox.invitations.title')}
          className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white"
        >
          {items.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              busy={answer.isPending && answer.variables?.id === invitation.id}
              onAnswer={(status) => answer.mutate({ id: invitation.id, status })}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function InvitationRow({
  invitation,
  busy,
  onAnswer,
}: {
  invitation: GroupInvitation;
  busy: boolean;
  onAnswer: (status: GroupInvitationStatus) => void;
}) {
  const t = useT();
  const values = {
    inviter: invitation.inviter.name,
    group: invitation.group_name,
    role: roleLabel(invitation.role),
  };
  const line = t('inbox.invitations.line', values);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Avatar src={invitation.inviter.avatar} initials={initialsOf(invitation.inviter.name)} size="md" />
        <div className="min-w-0">
          <p className="text-sm break-words text-stone-900">
            <Message
              id="inbox.invitations.lineLinked"
              values={values}
              components={{
                inviter: (
                  <Link
                    to={`/profiles/${invitation.inviter.profile_id}`}
                    className="font-medium hover:underline"
                  />
                ),
                group: <span className="font-medium" />,
              }}
            />
          </p>
          <Time value={invitation.created_at} className="mt-0.5 block text-xs text-stone-500" />
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <Button
          size="sm"
          busy={busy}
          onClick={() => onAnswer('accepted')}
          aria-label={t('inbox.invitations.acceptLabel', { line })}
        >
          <Check className="size-4" aria-hidden="true" />
          {t('inbox.invitations.accept')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => onAnswer('declined')}
          aria-label={t('inbox.invitations.declineLabel', { line })}
        >
          <X className="size-4" aria-hidden="true" />
          {t('inbox.invitations.decline')}
        </Button>
      </div>
    </li>
  );
}
