import { queryOptions } from '@tanstack/react-query';
import type { Invitation } from '@shared/api/invitations';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.invitations.list(),
    queryFn: async ({ signal }) =>
      (await api.get<Invitation[] | null>('/invitations', { signal })).data ?? [],
  });
}

export async function createInvitation(email: string): Promise<Invitation> {
  return (await api.post<Invitation>('/invitations', { invitation: { email } })).data;
}

/** Spec section 9: invitation links have the form {origin}/invitation?code={code}. */
export function invitationLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/invitation?code=${encodeURIComponent(code)}`;
}
