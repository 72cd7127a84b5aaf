import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  BlockedMemberListSchema,
  BlockedMemberSchema,
  BlockParamsSchema,
  BlockResponseSchema,
  CreateBlockBodySchema,
} from './blocks';

/** The blocking contracts: whom to block or unblock, the blocked list, and the answer. */

describe('blocking and unblocking', () => {
  it('names the member by user id, in the body or the path', () => {
    expect(CreateBlockBodySchema.parse({ user_id: UUID })).toEqual({ user_id: UUID });
    expect(BlockParamsSchema.parse({ user_id: UUID })).toEqual({ user_id: UUID });
    expect(refusals(CreateBlockBodySchema, { user_id: 'u1' })).toEqual([['user_id', 'is not a valid id']]);
    expect(refusals(BlockParamsSchema, { user_id: 'u1' })).toEqual([['user_id', 'is not a valid id']]);
    expect(CreateBlockBodySchema.safeParse({}).success).toBe(false);
  });

  it('answers whether the viewer now blocks them, both fields required', () => {
    expectEveryFieldRequired(BlockResponseSchema, { user_id: 'u2', blocked: false });
  });

  it('lists a blocked member with when the block was made, every field required', () => {
    const member = {
      user_id: 'u2',
      username: 'bob',
      name: 'Bob',
      avatar: null,
      blocked_at: '2026-11-21T23:43:00Z',
    };
    expectEveryFieldRequired(BlockedMemberSchema, member);
    expect(BlockedMemberListSchema.parse([member])).toEqual([member]);
  });
});
