import { useQuery } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { errorMessage } from '@web/lib/api-errors';
import { invitingQueryOptions } from '../invitations-api';
import { loadFailure } from '../load-failure';
import { InviteLinkCard } from './invite-link-card';
import { InvitePeopleCard } from './invite-people-card';

/**
 * Inviting on the edit screen (Owners and Moderators): the roles to offer come from the server's
 * one granting rule, and the link's controls only when the server sends its state (Owners).
 */
export function InvitingCards({ groupId }: { groupId: string }) {
  const inviting = useQuery(invitingQueryOptions(groupId));
  if (inviting.isPending) return null;
  if (inviting.isError) return <Alert>{loadFailure(errorMessage(inviting.error))}</Alert>;
  return (
    <>
      <InvitePeopleCard groupId={groupId} roles={inviting.data.invitable_roles} />
      {inviting.data.link ? <InviteLinkCard groupId={groupId} link={inviting.data.link} /> : null}
    </>
  );
}
