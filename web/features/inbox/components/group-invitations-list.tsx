import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import type { GroupInvitation } from '@shared/api/group-invitations';
import type { GroupInvitationStatus } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Time } from '@web/components/time';
import { errorMessage } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { answerGroupInvitation, groupInvitationsQueryOptions } from '../api';
import { GROUP_INVITATION_TEXT as TEXT } from '../messages';

/**
 * My open invitations into groups at the top of the Inbox, each with Accept and Decline. Shown only
 * when there is one; an answer refreshes the list and my groups (the switcher).
 */
export function GroupInvitationsList() {
  const invitations = useQuery(groupInvitationsQueryOptions());
  const queryClient = useQueryClient();
  const notice = useTimedMessage();
  const answer = useMutation({
    mutationFn: answerGroupInvitation,
    onSuccess: (answered) => {
      notice.show(
        answered.status === 'accepted'
          ? TEXT.accepted(answered.group_name)
          : TEXT.declined(answered.group_name),
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
        {TEXT.title}
      </h2>
      {answer.isError ? <Alert>{errorMessage(answer.error)}</Alert> : null}
      {notice.message ? <Alert variant="success">{notice.message}</Alert> : null}
      {items.length > 0 ? (
        <ul
          aria-label={TEXT.title}
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
  const line = TEXT.line(invitation.inviter.name, invitation.group_name, invitation.role);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Avatar src={invitation.inviter.avatar} initials={initialsOf(invitation.inviter.name)} size="md" />
        <div className="min-w-0">
          <p className="text-sm break-words text-stone-900">
            <Link to={`/profiles/${invitation.inviter.profile_id}`} className="font-medium hover:underline">
              {invitation.inviter.name}
            </Link>{' '}
            invited you to join <span className="font-medium">{invitation.group_name}</span> as{' '}
            {invitation.role}
          </p>
          <Time value={invitation.created_at} className="mt-0.5 block text-xs text-stone-500" />
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <Button
          size="sm"
          busy={busy}
          onClick={() => onAnswer('accepted')}
          aria-label={`${TEXT.accept}: ${line}`}
        >
          <Check className="size-4" aria-hidden="true" />
          {TEXT.accept}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => onAnswer('declined')}
          aria-label={`${TEXT.decline}: ${line}`}
        >
          <X className="size-4" aria-hidden="true" />
          {TEXT.decline}
        </Button>
      </div>
    </li>
  );
}
