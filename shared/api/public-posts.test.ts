import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  CreatePublicPostBodySchema,
  PublicGroupSchema,
  PublicPostSchema,
  PublicProfileSchema,
  PublishedPostParamsSchema,
  PublishedPostSchema,
  PublishedQuerySchema,
} from './public-posts';

/**
 * The publishing contracts (spec sections 2, 3, 7 and 9): the slug rule with its messages, the
 * feed's query, and exactly what visitors are shown of a post, a group and a member.
 */

describe('publishing a post', () => {
  const body = (slug: unknown) => ({ public_post: { post_id: UUID, slug } });

  it('takes the post id and a slug of 3 to 80 characters, trimmed', () => {
    expect(CreatePublicPostBodySchema.parse(body('  saturday-market  '))).toEqual(body('saturday-market'));
    expect(refusals(CreatePublicPostBodySchema, body('abc'))).toEqual([]);
    expect(refusals(CreatePublicPostBodySchema, body(`a${'b'.repeat(79)}`))).toEqual([]);
  });

  it('names each slug problem once, in the spec words', () => {
    expect(refusals(CreatePublicPostBodySchema, body('  '))).toEqual([
      ['public_post.slug', "can't be blank"],
    ]);
    expect(refusals(CreatePublicPostBodySchema, body(undefined))).toEqual([
      ['public_post.slug', "can't be blank"],
    ]);
    expect(refusals(CreatePublicPostBodySchema, body('ab'))).toEqual([
      ['public_post.slug', 'is too short (minimum is 3 characters)'],
    ]);
    expect(refusals(CreatePublicPostBodySchema, body('a'.repeat(81)))).toEqual([
      ['public_post.slug', 'is too long (maximum is 80 characters)'],
    ]);
    for (const slug of ['Saturday', 'two--dashes', '-start', '123', 'with space'])
      expect(refusals(CreatePublicPostBodySchema, body(slug)), slug).toEqual([
        [
          'public_post.slug',
          'may contain only lowercase letters, digits and single dashes, with at least one letter',
        ],
      ]);
    expect(refusals(CreatePublicPostBodySchema, body('abcdef01-2345-4789-8abc-def012345678'))).toEqual([
      ['public_post.slug', 'may not have the shape of a post id'],
    ]);
  });

  it('refuses a post id that is not one', () => {
    expect(refusals(CreatePublicPostBodySchema, { public_post: { post_id: 'mine', slug: 'abc' } })).toEqual([
      ['public_post.post_id', 'is not a valid id'],
    ]);
  });
});

describe('the public feed and its pages', () => {
  it('filters by group or member id, and pages', () => {
    expect(PublishedQuerySchema.parse({ limit: '1', group_id: UUID, profile_id: UUID, after: 'c' })).toEqual({
      limit: 1,
      group_id: UUID,
      profile_id: UUID,
      after: 'c',
    });
    expect(refusals(PublishedQuerySchema, { group_id: 'club' })).toEqual([['group_id', 'is not a valid id']]);
    expect(refusals(PublishedQuerySchema, { profile_id: 'ada' })).toEqual([
      ['profile_id', 'is not a valid id'],
    ]);
    expect(refusals(PublishedQuerySchema, { limit: '0' })).toHaveLength(1);
    expect(refusals(PublishedQuerySchema, { limit: '51' })).toHaveLength(1);
  });

  it('a published post is asked for by its id or slug, trimmed, up to 80 characters', () => {
    expect(PublishedPostParamsSchema.parse({ id: ' saturday-market ' })).toEqual({ id: 'saturday-market' });
    expect(refusals(PublishedPostParamsSchema, { id: 'a'.repeat(80) })).toEqual([]);
    expect(refusals(PublishedPostParamsSchema, { id: 'a'.repeat(81) })).toHaveLength(1);
    expect(refusals(PublishedPostParamsSchema, { id: '  ' })).toHaveLength(1);
  });
});

describe('what the public face answers', () => {
  it("the member's published post has exactly its fields", () => {
    expectEveryFieldRequired(PublicPostSchema, {
      id: UUID,
      slug: 'saturday-market',
      post_id: UUID,
      created_at: '2026-11-01T10:00:00.000Z',
      public_url: 'https://hearth.test/explore/post/saturday-market',
      tldr: 'Saturday market',
    });
  });

  it("a visitor sees the post's own fields and its address, never the viewer's facts", () => {
    const published = {
      id: UUID,
      tldr: 'Saturday market',
      content: 'Bring a **bag**.',
      content_preview_html: '<p>Bring a <strong>bag</strong>.</p>',
      created_at: '2026-11-01T10:00:00.000Z',
      created_at_human: 'November 1, 2026 at 10:00 AM UTC',
      time_ago: '3 days ago',
      username: 'ada',
      name: 'Ada Lovelace',
      avatar: null,
      group_name: null,
      group_id: null,
      profile_id: UUID,
      likes_count: 2,
      comments_count: 0,
      file_url: null,
      file_name: null,
      file_size: null,
      file_width: null,
      file_height: null,
      thumbnail_url: null,
      has_image: false,
      slug: 'saturday-market',
      public_url: 'https://hearth.test/explore/post/saturday-market',
      published_at: '2026-11-02T10:00:00.000Z',
      content_html: '<p>Bring a <strong>bag</strong>.</p>',
    };
    expectEveryFieldRequired(PublishedPostSchema, published);
    const withViewerFacts = { ...published, liked_by_current_user: true, is_owner: true, can_delete: true };
    expect(Object.keys(PublishedPostSchema.parse(withViewerFacts)).sort()).toEqual(
      Object.keys(published).sort(),
    );
    expect(PublishedPostSchema.safeParse({ ...published, likes_count: 1.5 }).success).toBe(false);
    expect(PublishedPostSchema.safeParse({ ...published, has_image: 'no' }).success).toBe(false);
  });

  it('a group and a member show only their names', () => {
    expectEveryFieldRequired(PublicGroupSchema, { id: UUID, name: 'Book Club' });
    expectEveryFieldRequired(PublicProfileSchema, {
      id: UUID,
      username: 'ada',
      name: 'Ada Lovelace',
      avatar: null,
    });
    expect(
      Object.keys(
        PublicProfileSchema.parse({ id: UUID, username: 'a', name: 'A', avatar: null, email: 'x' }),
      ),
    ).not.toContain('email');
  });
});
