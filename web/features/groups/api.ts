import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Group, GroupMember, GroupRequest, UpdateGroupBody } from '@shared/api/groups';
import type { GroupRole, GroupSort, RequestRole } from '@shared/domain/constants';
import { fetchMeCounts } from '@web/app/shells/me-counts';
import { afterFirstScreen } from '@web/lib/after-first-screen';
import { api } from '@web/lib/api-client';
import { cursorPaging } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

/** How many of my groups the switcher and sidebar list (the groups page pages through all). */
export const MY_GROUPS_LIMIT = 50;

/**
 * The signed-in member's own groups (GET /api/groups?member=true, the first page). Shared with the
 * shell's group switcher and prefetched after sign-in (spec section 6); only fetched while signed in.
 */
export function groupsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.groups.list(),
    queryFn: async ({ signal }) => {
      // The frame asks for it beside the screen: on the timeline's first load, after it has drawn.
      await afterFirstScreen();
      const response = await api.get<Group[] | null>('/groups', {
        query: { member: 'true', limit: MY_GROUPS_LIMIT },
        signal,
      });
      return response.data ?? [];
    },
  });
}

/** Requests waiting in every group I own or moderate (GET /api/group_requests/pending_count). */
export function pendingRequestsCountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.groups.pendingCount(),
    // One request with the frame's other badges (GET /api/me/counts).
    queryFn: async () => (await fetchMeCounts()).pending_group_requests,
    refetchOnWindowFocus: true,
  });
}

/** The groups the member belongs to, as the switcher lists them. */
export function memberGroups(groups: readonly Group[] | undefined): Group[] {
  return (groups ?? []).filter((group) => group.is_member);
}

export const DEFAULT_GROUP_SORT: GroupSort = 'name';

/**
 * Every group, searched (?q=, names containing the text) and sorted (?sort=name|date|status) by the
 * server, cursor paged (Load More and infinite scroll).
 */
export function groupSearchQueryOptions({ q, sort }: { q: string; sort: GroupSort }) {
  const text = q.trim();
  return infiniteQueryOptions({
    queryKey: queryKeys.groups.search({ q: text, sort }),
    ...cursorPaging<Group>(api, '/groups', { q: text || undefined, sort }),
  });
}

export function groupQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.groups.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<Group>(`/api/groups/${encodeURIComponent(id)}`, { signal })).data,
  });
}

/** The member list, cursor paged (the group page's Members section). */
export function groupMembersPagesQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.groups.members(groupId), 'pages'],
    ...cursorPaging<GroupMember>(api, `/api/groups/${encodeURIComponent(groupId)}/group_roles`),
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

/** PATCH /api/groups/{id} with any of name, description and picture_file_id. */
export async function updateGroup({
  id,
  ...changes
}: { id: string } & UpdateGroupBody['group']): Promise<Group> {
  return (await api.patch<Group>(`/api/groups/${encodeURIComponent(id)}`, { group: changes })).data;
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
