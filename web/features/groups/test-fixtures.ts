import type { Group, GroupMember, GroupRequest } from '@shared/api/groups';
import { jsonResponse } from '@web/test/fetch-mock';
import { testId } from '@web/test/ids';

/** Test data for the groups screens' tests (imported by tests only). */

export function aGroup(overrides: Partial<Group> & Pick<Group, 'id' | 'name'>): Group {
  const role = overrides.role ?? null;
  return {
    avatar: overrides.name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word[0])
      .join('')
      .toUpperCase(),
    is_owner: role === 'Owner',
    is_member: role !== null,
    role,
    members_count: 3,
    created_at: '2026-11-01T10:00:00.000Z',
    request_status: null,
    can_edit: role === 'Owner',
    can_post: role === 'Owner' || role === 'Moderator' || role === 'Poster',
    can_answer_requests: role === 'Owner' || role === 'Moderator',
    description: '',
    picture_url: null,
    pending_requests_count: role === 'Owner' || role === 'Moderator' ? 0 : null,
    membership_id: role === null ? null : testId(`membership:${overrides.id}`),
    ...overrides,
  };
}

export function aMember(
  overrides: Partial<GroupMember> & Pick<GroupMember, 'id' | 'name' | 'role'>,
): GroupMember {
  return {
    avatar: null,
    user_id: testId(`user:${overrides.id}`),
    username: overrides.name.toLowerCase().replace(/\s+/g, '_'),
    group_id: '10000000-0000-4000-8000-000000000001',
    created_at: '2026-11-01T10:00:00.000Z',
    joined_at_human: 'November 1, 2026',
    profile_id: testId(`user:${overrides.id}`),
    assignable_roles: [],
    can_remove: false,
    ...overrides,
  };
}

export function aRequest(overrides: Partial<GroupRequest> & Pick<GroupRequest, 'id'>): GroupRequest {
  return {
    group_id: '10000000-0000-4000-8000-000000000001',
    group_name: 'Book Club',
    user_id: testId(`user:${overrides.id}`),
    username: 'grace',
    user_full_name: 'Grace Hopper',
    avatar: null,
    created_at: '2026-11-20T10:00:00.000Z',
    created_at_human: 'November 20, 2026',
    status: 'pending',
    role: null,
    // As an Owner sees it.
    assignable_roles: ['Poster', 'Moderator', 'Commentor'],
    ...overrides,
  };
}

/** An empty page of posts, as GET /api/posts answers it. */
export function emptyPostsPage() {
  return jsonResponse([], { headers: { 'x-has-next-page': 'false' } });
}
