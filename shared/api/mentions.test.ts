import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  MentionQuerySchema,
  MentionRefSchema,
  MentionSuggestionListSchema,
  MentionSuggestionSchema,
} from './mentions';

/** The @mention contracts: the autocomplete query and the members a text names. */

describe('the autocomplete query', () => {
  it('takes q trimmed and an optional group', () => {
    expect(MentionQuerySchema.parse({ q: ' ad ' })).toEqual({ q: 'ad' });
    expect(MentionQuerySchema.parse({ q: 'ada', group_id: UUID })).toEqual({ q: 'ada', group_id: UUID });
  });

  it('wants 2 to 100 characters after trimming, each bound with its message', () => {
    expect(refusals(MentionQuerySchema, { q: ' a ' })).toEqual([
      ['q', 'is too short (minimum is 2 characters)'],
    ]);
    expect(refusals(MentionQuerySchema, { q: 'q'.repeat(100) })).toEqual([]);
    expect(refusals(MentionQuerySchema, { q: 'q'.repeat(101) })).toEqual([
      ['q', 'is too long (maximum is 100 characters)'],
    ]);
    expect(refusals(MentionQuerySchema, {})).toEqual([['q', 'must be text']]);
  });

  it('refuses a group that is not an id', () => {
    expect(refusals(MentionQuerySchema, { q: 'ada', group_id: 'g1' })).toEqual([
      ['group_id', 'is not a valid id'],
    ]);
  });
});

describe('what the API answers', () => {
  it('a mention names the member and their profile, both required', () => {
    expectEveryFieldRequired(MentionRefSchema, { username: 'ada_l', profile_id: 'u1' });
  });

  it('a suggestion carries who it is and their picture, every field required', () => {
    const suggestion = { username: 'ada_l', name: 'Ada Lovelace', avatar: '/api/files/a', profile_id: 'u1' };
    expectEveryFieldRequired(MentionSuggestionSchema, suggestion);
    expect(MentionSuggestionListSchema.parse([{ ...suggestion, avatar: null }])).toEqual([
      { ...suggestion, avatar: null },
    ]);
    expect(MentionSuggestionListSchema.safeParse([{ ...suggestion, name: undefined }]).success).toBe(false);
  });
});
