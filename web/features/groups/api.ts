import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Group, GroupMember, GroupRequest } from '@shared/api/groups';
import type { GroupRole, GroupSort, RequestRole } from '@shared/domain/constants';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The signed-in member's view of all groups (GET /api/groups). Shared with the shell's group
 * switcher and prefetched after sign-in (spec section 6); only fetched while signed in.
 */
export function groupsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.groups.list(),
    queryFn: async ({ signal }) => (await api.get<Group[] | null>('/groups', { signal })).data ?? [],
  });
}

/** The groups the member belongs to, as the switcher lists them. */
export function memberGroups(groups: readonly Group[] | undefined): Group[] {
  return (groups ?? []).filter((group) => group.is_member);
}

export const DEFAULT_GROUP_SORT: GroupSort = 'name';

/**
 * The groups list searched (?q=, names containing the text) and sorted (?sort=name|date|status) by
 * the server. The plain list (no search, sorted by name, the server's default order) is the very
 * query the group switcher reads, so the two share one cache entry.
 */
export function groupSearchQueryOptions({ q, sort }: { q: string; sort: GroupSort }) {
  const text = q.trim();
  const plain = !text && sort === DEFAULT_GROUP_SORT;
  const queryKey: QueryKey = plain ? queryKeys.groups.list() : queryKeys.groups.search({ q: text, sort });
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const query = plain ? undefined : { q: text || undefined, sort };
      return (await api.get<Group[] | null>('/groups', { query, signal })).data ?? [];
    },
  });
}

export function groupQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.groups.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<Group>(`/api/groups/${encodeURIComponent(id)}`, { signal })).data,
  });
}

export function groupMembersQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: queryKeys.groups.members(groupId),
    queryFn: async ({ signal }) =>
      (
        await api.get<GroupMember[] | null>(`/api/groups/${encodeURIComponent(groupId)}/group_roles`, {
          signal,
        })
      ).data ?? [],
  });
}

export function groupJoinRequestsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: queryKeys.groups.joinRequests(groupId),
    queryFn: async ({ signal }) =>
      (
        await api.get<GroupRequest[] | null>(`/api/groups/${encodeURIComponent(groupId)}/group_requests`, {
          signal,
        })
      ).data ?? [],
  });
}

/** Requests waiting in every group the member owns or moderates. */
export function groupRequestsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.groups.requests(),
    queryFn: async ({ signal }) =>
      (await api.get<GroupRequest[] | null>('/api/group_requests', { signal })).data ?? [],
  });
}

export async function createGroup(name: string): Promise<Group> {
  return (await api.post<Group>('/api/groups', { group: { name } })).data;
}

export async function updateGroup({ id, name }: { id: string; name: string }): Promise<Group> {
  return (await api.patch<Group>(`/api/groups/${encodeURIComponent(id)}`, { group: { name } })).data;
}

export async function requestToJoin(groupId: string): Promise<GroupRequest> {
  return (await api.post<GroupRequest>('/group_requests', { group_request: { group_id: groupId } })).data;
}

export async function changeMemberRole({ id, role }: { id: string; role: GroupRole }): Promise<GroupMember> {
  return (
    await api.patch<GroupMember>(`/api/group_roles/${encodeURIComponent(id)}`, { group_role: { role } })
  ).data;
}

export async function removeMember(id: string): Promise<void> {
  await api.delete(`/api/group_roles/${encodeURIComponent(id)}`);
}

export type RequestAnswer = { status: 'accepted'; role: RequestRole } | { status: 'rejected' };

export async function answerGroupRequest({
  id,
  answer,
}: {
  id: string;
  answer: RequestAnswer;
}): Promise<GroupRequest> {
  const body =
    answer.status === 'accepted' ? { role: answer.role, status: 'accepted' } : { status: 'rejected' };
  return (
    await api.patch<GroupRequest>(`/api/group_requests/${encodeURIComponent(id)}`, { group_request: body })
  ).data;
}
