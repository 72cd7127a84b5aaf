import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired } from '../../tests/support/contract-checks';
import { PageQuerySchema } from './fields';
import { FollowResponseSchema, FriendsPageQuerySchema, FriendsSchema, PersonListSchema } from './follows';

/** The following contracts: a follow's answer, the Friends screen and its paged lists. */

const person = {
  id: 'u2',
  username: 'bob',
  name: 'Bob',
  avatar: null,
  is_following: true,
  follows_you: false,
};

describe('following', () => {
  it('answers whether the viewer follows and the new count, both required, the count whole', () => {
    expectEveryFieldRequired(FollowResponseSchema, { is_following: true, followers_count: 3 });
    expect(FollowResponseSchema.safeParse({ is_following: true, followers_count: 1.5 }).success).toBe(false);
  });
});

describe('the Friends screen', () => {
  it('holds following, followers and suggestions, every list required', () => {
    expectEveryFieldRequired(FriendsSchema, { following: [person], followers: [], suggestions: [person] });
    expect(
      FriendsSchema.safeParse({ following: [{ id: 'u2' }], followers: [], suggestions: [] }).success,
    ).toBe(false);
  });

  it('pages the lists like the timelines, with members in the same shape', () => {
    expect(FriendsPageQuerySchema).toBe(PageQuerySchema);
    expect(PersonListSchema.parse([person])).toEqual([person]);
    expect(PersonListSchema.safeParse([{ ...person, follows_you: undefined }]).success).toBe(false);
  });
});
