import { queryOptions } from '@tanstack/react-query';
import type {
  Arrival,
  GroupInvitation,
  GroupLink,
  InviteLink,
  Inviting,
} from '@shared/api/group-invitations';
import type { MentionSuggestion } from '@shared/api/mentions';
import type { GroupRole } from '@shared/domain/constants';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Invitations into groups and group links (ADR 041). */

const groupPath = (id: string) => `/api/groups/${encodeURIComponent(id)}`;

export function invitingQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: queryKeys.groups.inviting(groupId),
    queryFn: async ({ signal }) =>
      (await api.get<Inviting>(`${groupPath(groupId)}/inviting`, { signal })).data,
  });
}

/** Members whose name or username starts with the text (the @mentions search, blocks respected). */
export async function searchMembers(q: string, signal?: AbortSignal): Promise<MentionSuggestion[]> {
  return (await api.get<MentionSuggestion[] | null>('/mentions', { query: { q }, signal })).data ?? [];
}

export type Invitee = { user_id: string } | { email: string };

export async function inviteToGroup({
  groupId,
  invitee,
  role,
}: {
  groupId: string;
  invitee: Invitee;
  role: GroupRole;
}): Promise<GroupInvitation> {
  return (
    await api.post<GroupInvitation>(`${groupPath(groupId)}/invitations`, { invitation: { ...invitee, role } })
  ).data;
}

export async function makeInviteLink({
  groupId,
  expiresInDays,
  maxUses,
}: {
  groupId: string;
  expiresInDays: number;
  maxUses: number | null;
}): Promise<InviteLink> {
  return (
    await api.put<InviteLink>(`${groupPath(groupId)}/invite_link`, {
      invite_link: { expires_in_days: expiresInDays, max_uses: maxUses },
    })
  ).data;
}

export async function turnOffInviteLink(groupId: string): Promise<InviteLink> {
  return (await api.delete<InviteLink>(`${groupPath(groupId)}/invite_link`)).data;
}

export function groupLinkQueryOptions(code: string) {
  return queryOptions({
    queryKey: queryKeys.groups.link(code),
    queryFn: async ({ signal }) =>
      (await api.get<GroupLink>(`/api/group_links/${encodeURIComponent(code)}`, { signal })).data,
    retry: false,
  });
}

export async function joinByLink(code: string): Promise<GroupLink> {
  return (await api.post<GroupLink>(`/api/group_links/${encodeURIComponent(code)}/join`)).data;
}

export function arrivalQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.friends.arrival(),
    queryFn: async ({ signal }) => (await api.get<Arrival>('/api/me/arrival', { signal })).data,
  });
}
