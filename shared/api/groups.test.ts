import { describe, expect, it } from 'vitest';
import { refusals, UUID } from '../../tests/support/contract-checks';
import { BLANK } from './fields';
import {
  AnswerGroupRequestBodySchema,
  CreateGroupRequestBodySchema,
  GroupBodySchema,
  GroupListQuerySchema,
  GroupMemberSchema,
  GroupRequestSchema,
  GroupSchema,
  PendingRequestsCountSchema,
  UpdateGroupBodySchema,
  UpdateGroupRoleBodySchema,
} from './groups';

/**
 * The group contracts (spec sections 3 and 7): what a request may carry, the message a refused field
 * gets, each at the path the 422 answer names, and the exact shape of what the API answers.
 */

describe('a group body (create)', () => {
  it('takes a name of up to 100 characters, trimmed', () => {
    expect(GroupBodySchema.parse({ group: { name: '  Book Club  ' } })).toEqual({
      group: { name: 'Book Club' },
    });
    expect(refusals(GroupBodySchema, { group: { name: 'x'.repeat(100) } })).toEqual([]);
    expect(refusals(GroupBodySchema, { group: { name: 'x'.repeat(101) } })).toEqual([
      ['group.name', 'is too long (maximum is 100 characters)'],
    ]);
  });

  it("refuses a blank or missing name with can't be blank", () => {
    expect(refusals(GroupBodySchema, { group: { name: '   ' } })).toEqual([['group.name', BLANK]]);
    expect(refusals(GroupBodySchema, { group: {} })).toEqual([['group.name', BLANK]]);
  });
});

describe('a group update', () => {
  it('takes any of name, description and picture, and refuses an empty change', () => {
    expect(UpdateGroupBodySchema.parse({ group: { name: ' Chess ' } })).toEqual({ group: { name: 'Chess' } });
    expect(UpdateGroupBodySchema.parse({ group: { description: '  Mondays.  ' } })).toEqual({
      group: { description: 'Mondays.' },
    });
    expect(UpdateGroupBodySchema.parse({ group: { picture_file_id: null } })).toEqual({
      group: { picture_file_id: null },
    });
    expect(UpdateGroupBodySchema.parse({ group: { picture_file_id: UUID } })).toEqual({
      group: { picture_file_id: UUID },
    });
    expect(refusals(UpdateGroupBodySchema, { group: {} })).toEqual([['group.base', 'nothing to change']]);
    // A key sent without a value changes nothing either.
    expect(refusals(UpdateGroupBodySchema, { group: { name: undefined } })).toEqual([
      ['group.base', 'nothing to change'],
    ]);
  });

  it('keeps a blank description (it clears the description) and limits it to 1,000 characters', () => {
    expect(UpdateGroupBodySchema.parse({ group: { description: '   ' } })).toEqual({
      group: { description: '' },
    });
    expect(refusals(UpdateGroupBodySchema, { group: { description: 'd'.repeat(1000) } })).toEqual([]);
    expect(refusals(UpdateGroupBodySchema, { group: { description: 'd'.repeat(1001) } })).toEqual([
      ['group.description', 'is too long (maximum is 1000 characters)'],
    ]);
  });

  it('refuses a picture that is not a file id, and a name over the limit', () => {
    expect(refusals(UpdateGroupBodySchema, { group: { picture_file_id: 'abc' } })).toEqual([
      ['group.picture_file_id', 'is not a valid id'],
    ]);
    expect(refusals(UpdateGroupBodySchema, { group: { name: 'n'.repeat(101) } })).toEqual([
      ['group.name', 'is too long (maximum is 100 characters)'],
    ]);
  });
});

describe('the group list query', () => {
  it('takes a search, a sort, the member switch and the page', () => {
    expect(GroupListQuerySchema.parse({ q: ' book ', sort: 'status', member: 'true', limit: '5' })).toEqual({
      q: 'book',
      sort: 'status',
      member: 'true',
      limit: 5,
    });
    for (const sort of ['name', 'date', 'status'])
      expect(refusals(GroupListQuerySchema, { sort })).toEqual([]);
    expect(GroupListQuerySchema.parse({ member: 'false' })).toEqual({ member: 'false' });
  });

  it('names the sorts and switches it accepts', () => {
    expect(refusals(GroupListQuerySchema, { sort: 'size' })).toEqual([
      ['sort', 'must be one of name, date, status'],
    ]);
    expect(refusals(GroupListQuerySchema, { member: 'yes' })).toEqual([['member', 'must be true or false']]);
    expect(refusals(GroupListQuerySchema, { q: 'q'.repeat(101) })).toHaveLength(1);
  });
});

describe('roles and requests', () => {
  it('a role change takes one of the four roles, by its exact name', () => {
    for (const role of ['Owner', 'Poster', 'Moderator', 'Commentor'])
      expect(refusals(UpdateGroupRoleBodySchema, { group_role: { role } })).toEqual([]);
    expect(refusals(UpdateGroupRoleBodySchema, { group_role: { role: 'owner' } })).toEqual([
      ['group_role.role', 'must be one of Owner, Poster, Moderator, Commentor'],
    ]);
  });

  it('a request to join names a group by its id', () => {
    expect(CreateGroupRequestBodySchema.parse({ group_request: { group_id: UUID } })).toEqual({
      group_request: { group_id: UUID },
    });
    expect(refusals(CreateGroupRequestBodySchema, { group_request: {} })).toEqual([
      ['group_request.group_id', BLANK],
    ]);
    expect(refusals(CreateGroupRequestBodySchema, { group_request: { group_id: 'x' } })).toEqual([
      ['group_request.group_id', 'is not a valid id'],
    ]);
  });

  it('accepting needs a role other than Owner; rejecting needs none', () => {
    expect(
      AnswerGroupRequestBodySchema.parse({ group_request: { status: 'accepted', role: 'Poster' } }),
    ).toEqual({ group_request: { status: 'accepted', role: 'Poster' } });
    expect(refusals(AnswerGroupRequestBodySchema, { group_request: { status: 'rejected' } })).toEqual([]);
    expect(refusals(AnswerGroupRequestBodySchema, { group_request: { status: 'accepted' } })).toEqual([
      ['group_request.role', BLANK],
    ]);
    expect(
      refusals(AnswerGroupRequestBodySchema, { group_request: { status: 'accepted', role: 'Owner' } }),
    ).toEqual([['group_request.role', 'must be one of Poster, Moderator, Commentor']]);
    expect(refusals(AnswerGroupRequestBodySchema, { group_request: { status: 'pending' } })).toEqual([
      ['group_request.status', 'must be one of accepted, rejected'],
    ]);
  });
});

describe('what the group API answers', () => {
  const group = {
    id: UUID,
    name: 'Book Club',
    avatar: 'BC',
    is_owner: true,
    is_member: true,
    role: 'Owner',
    members_count: 3,
    created_at: '2026-11-01T10:00:00.000Z',
    request_status: null,
    can_edit: true,
    can_post: true,
    can_answer_requests: true,
    description: '',
    picture_url: null,
    pending_requests_count: 0,
    membership_id: UUID,
  };

  it('a group has exactly the spec fields, each of its type', () => {
    expect(GroupSchema.parse(group)).toEqual(group);
    for (const field of Object.keys(group)) {
      const { [field]: _dropped, ...without } = group as Record<string, unknown>;
      expect(GroupSchema.safeParse(without).success, `without ${field}`).toBe(false);
    }
    expect(GroupSchema.safeParse({ ...group, request_status: 'accepted' }).success).toBe(false);
    expect(GroupSchema.safeParse({ ...group, members_count: 1.5 }).success).toBe(false);
    expect(GroupSchema.safeParse({ ...group, role: 'Guest' }).success).toBe(false);
    expect(GroupSchema.parse({ ...group, role: null, request_status: 'pending' }).request_status).toBe(
      'pending',
    );
  });

  it('a member and a request have exactly their spec fields', () => {
    const member = {
      id: UUID,
      name: 'Ada Lovelace',
      avatar: null,
      user_id: UUID,
      username: 'ada',
      role: 'Poster',
      group_id: UUID,
      created_at: '2026-11-01T10:00:00.000Z',
      joined_at_human: '3 days ago',
      profile_id: UUID,
      assignable_roles: ['Moderator', 'Commentor'],
      can_remove: true,
    };
    expect(GroupMemberSchema.parse(member)).toEqual(member);
    for (const field of Object.keys(member)) {
      const { [field]: _dropped, ...without } = member as Record<string, unknown>;
      expect(GroupMemberSchema.safeParse(without).success, `without ${field}`).toBe(false);
    }
    expect(GroupMemberSchema.safeParse({ ...member, assignable_roles: ['Guest'] }).success).toBe(false);

    const request = {
      id: UUID,
      group_id: UUID,
      group_name: 'Book Club',
      user_id: UUID,
      username: 'ravi',
      user_full_name: 'Ravi Shah',
      avatar: null,
      created_at: '2026-11-01T10:00:00.000Z',
      created_at_human: 'just now',
      status: 'pending',
      role: null,
      assignable_roles: ['Poster', 'Commentor'],
    };
    expect(GroupRequestSchema.parse(request)).toEqual(request);
    // Owner is never granted by accepting a request.
    expect(GroupRequestSchema.safeParse({ ...request, assignable_roles: ['Owner'] }).success).toBe(false);
    for (const status of ['pending', 'accepted', 'rejected'])
      expect(GroupRequestSchema.safeParse({ ...request, status }).success).toBe(true);
    expect(GroupRequestSchema.safeParse({ ...request, status: 'waiting' }).success).toBe(false);
    for (const field of Object.keys(request)) {
      const { [field]: _dropped, ...without } = request as Record<string, unknown>;
      expect(GroupRequestSchema.safeParse(without).success, `without ${field}`).toBe(false);
    }
    expect(PendingRequestsCountSchema.safeParse({ count: 2 }).success).toBe(true);
    expect(PendingRequestsCountSchema.safeParse({ count: '2' }).success).toBe(false);
  });
});
