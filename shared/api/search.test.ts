import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals } from '../../tests/support/contract-checks';
import { BLANK } from './fields';
import { PostListSchema } from './posts';
import {
  GroupHitSchema,
  HighlightSchema,
  LinkHitSchema,
  PersonHitSchema,
  SearchBodySchema,
  SearchResultsSchema,
  SearchSectionsSchema,
} from './search';

/** The search contracts (spec sections 3, 5 and 7): POST /api/search {query}, and what else matches. */

describe('a search', () => {
  it('takes {query} trimmed, refuses a blank one (spec section 5), and limits it to 1,000 characters (a pasted paragraph)', () => {
    expect(SearchBodySchema.parse({ query: '  cats  ' })).toEqual({ query: 'cats' });
    expect(refusals(SearchBodySchema, { query: '   ' })).toEqual([['query', BLANK]]);
    expect(refusals(SearchBodySchema, {})).toEqual([['query', BLANK]]);
    expect(refusals(SearchBodySchema, { query: 'q'.repeat(1000) })).toEqual([]);
    expect(refusals(SearchBodySchema, { query: 'q'.repeat(1001) })).toEqual([
      ['query', 'is too long (maximum is 1000 characters)'],
    ]);
  });

  it('answers results with the shape of posts (spec section 3)', () => {
    expect(SearchResultsSchema).toBe(PostListSchema);
  });
});

describe('what else matches', () => {
  const highlight = [
    { text: 'Black ', match: false },
    { text: 'cats', match: true },
  ];
  const link = {
    id: 'l1',
    url: 'https://example.com/cats',
    domain: 'example.com',
    title: highlight,
    snippet: [],
    username: 'ada_l',
    name: 'Ada Lovelace',
    created_at: '2026-11-21T23:43:00.000Z',
  };
  const person = { profile_id: 'u1', username: highlight, name: highlight, avatar: null };
  const group = { id: 'g1', name: highlight, is_member: true };

  it('marks matches as pieces of plain text, each with both fields', () => {
    expect(HighlightSchema.parse(highlight)).toEqual(highlight);
    expectEveryFieldRequired(HighlightSchema.element, { text: 'cats', match: true });
    expect(HighlightSchema.safeParse([{ text: 'cats', match: 'yes' }]).success).toBe(false);
  });

  it('a link, a person and a group hit, every field required', () => {
    expectEveryFieldRequired(LinkHitSchema, link);
    expectEveryFieldRequired(PersonHitSchema, person);
    expectEveryFieldRequired(GroupHitSchema, group);
  });

  it('come by kind: links, people and groups, every kind present', () => {
    const sections = { links: [link], people: [person], groups: [group] };
    expectEveryFieldRequired(SearchSectionsSchema, sections);
    expect(SearchSectionsSchema.safeParse({ ...sections, people: [link] }).success).toBe(false);
  });
});
