import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import { BLANK } from './fields';
import {
  CreatePostBodySchema,
  DeletedResponseSchema,
  IdParamsSchema,
  IgnoreResponseSchema,
  LikeResponseSchema,
  PostListSchema,
  PostSchema,
  TimelineQuerySchema,
  UpdatePostBodySchema,
} from './posts';

/**
 * The post contracts (spec sections 3, 5 and 7): a new post and an edit, the timeline query, and
 * the exact shape of a post, a like, an Ignore and a deletion.
 */

const tooLong = (max: number) => `is too long (maximum is ${max} characters)`;

describe('a new post', () => {
  const create = (post: Record<string, unknown>) =>
    refusals(CreatePostBodySchema, { post: { tldr: 'Hi', ...post } });

  it('takes {post:{tldr,content,group_id,file_request_id}}, the title trimmed, the content as written', () => {
    expect(
      CreatePostBodySchema.parse({
        post: { tldr: '  Hello  ', content: '  - a\n  - b  ', group_id: UUID, file_request_id: UUID },
      }),
    ).toEqual({ post: { tldr: 'Hello', content: '  - a\n  - b  ', group_id: UUID, file_request_id: UUID } });
  });

  it('needs a title that is not blank (spec section 5), of at most 300 characters', () => {
    expect(create({ tldr: '   ' })).toEqual([['post.tldr', BLANK]]);
    expect(refusals(CreatePostBodySchema, { post: {} })).toEqual([['post.tldr', BLANK]]);
    expect(create({ tldr: 't'.repeat(300) })).toEqual([]);
    expect(create({ tldr: 't'.repeat(301) })).toEqual([['post.tldr', tooLong(300)]]);
    expect(refusals(CreatePostBodySchema, {}).map(([path]) => path)).toEqual(['post']);
  });

  it('limits the content to 2000 characters (spec section 9); absent or null content is empty', () => {
    expect(create({ content: 'c'.repeat(2000) })).toEqual([]);
    expect(create({ content: 'c'.repeat(2001) })).toEqual([['post.content', tooLong(2000)]]);
    expect(CreatePostBodySchema.parse({ post: { tldr: 'Hi', content: null } }).post.content).toBe('');
    expect(CreatePostBodySchema.parse({ post: { tldr: 'Hi' } }).post.content).toBe('');
    expect(create({ content: 5 })).toEqual([['post.content', 'must be text']]);
  });

  it("reads a group or file of '', null or absent as none, and refuses one that is not an id", () => {
    const parsed = (post: Record<string, unknown>) =>
      CreatePostBodySchema.parse({ post: { tldr: 'Hi', ...post } }).post;
    expect(parsed({ group_id: '', file_request_id: '' })).toMatchObject({
      group_id: null,
      file_request_id: null,
    });
    expect(parsed({ group_id: null, file_request_id: null })).toMatchObject({
      group_id: null,
      file_request_id: null,
    });
    expect(parsed({})).toEqual({ tldr: 'Hi', content: '' });
    expect(create({ group_id: 'g1' })).toEqual([['post.group_id', 'is not a valid id']]);
    expect(create({ file_request_id: 'f1' })).toEqual([['post.file_request_id', 'is not a valid id']]);
  });
});

describe('an edit of a post', () => {
  it('takes the title and content with the rules of create, and leaves group and file alone', () => {
    expect(
      UpdatePostBodySchema.parse({
        post: { tldr: ' New ', content: ' body', group_id: UUID, file_request_id: UUID },
      }),
    ).toEqual({ post: { tldr: 'New', content: ' body' } });
    expect(UpdatePostBodySchema.parse({ post: { tldr: 'New' } })).toEqual({
      post: { tldr: 'New', content: '' },
    });
    expect(refusals(UpdatePostBodySchema, { post: { tldr: '' } })).toEqual([['post.tldr', BLANK]]);
    expect(refusals(UpdatePostBodySchema, { post: { tldr: 't'.repeat(301) } })).toEqual([
      ['post.tldr', tooLong(300)],
    ]);
    expect(refusals(UpdatePostBodySchema, { post: { tldr: 'a', content: 'c'.repeat(2000) } })).toEqual([]);
  });
});

describe('the timeline query', () => {
  it("takes after, limit and group_id, '' as no group, and refuses a group that is not an id", () => {
    expect(TimelineQuerySchema.parse({ after: 'c', limit: '20', group_id: UUID })).toEqual({
      after: 'c',
      limit: 20,
      group_id: UUID,
    });
    expect(TimelineQuerySchema.parse({ group_id: '' })).toEqual({ group_id: null });
    expect(TimelineQuerySchema.parse({})).toEqual({});
    expect(refusals(TimelineQuerySchema, { group_id: 'g' })).toEqual([['group_id', 'is not a valid id']]);
    expect(TimelineQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });
});

describe('a post id in the path', () => {
  it('must be a UUID', () => {
    expect(IdParamsSchema.parse({ id: UUID })).toEqual({ id: UUID });
    expect(refusals(IdParamsSchema, { id: 'p1' })).toEqual([['id', 'is not a valid id']]);
  });
});

const POST = {
  id: 'p1',
  tldr: 'Hello',
  content: 'World',
  content_preview_html: '<p>World</p>',
  created_at: '2026-11-21T23:43:00.000Z',
  time_ago: '5 minutes ago',
  created_at_human: 'November 21, 2026 at 11:43 PM UTC',
  username: 'ada_l',
  name: 'Ada Lovelace',
  avatar: null,
  group_name: null,
  group_id: null,
  event_id: null,
  date_poll_id: null,
  profile_id: 'u1',
  liked_by_current_user: false,
  likes_count: 0,
  comments_count: 0,
  file_url: null,
  file_name: null,
  file_size: null,
  file_width: null,
  file_height: null,
  thumbnail_url: null,
  has_image: false,
  published: null,
  is_owner: true,
  can_delete: true,
  can_publish: true,
  ignored: false,
  can_edit: true,
  edited_at: null,
  mentions: [],
};

describe('a post as the API answers it', () => {
  it('carries the spec fields (section 3) and the abilities, every field required', () => {
    expectEveryFieldRequired(PostSchema, POST);
  });

  it('carries a group, an attachment, a public address and mentions when there are some', () => {
    const full = {
      ...POST,
      avatar: '/api/files/a',
      group_name: 'Book Club',
      group_id: 'g1',
      file_url: '/api/files/f',
      file_name: 'cat.png',
      file_size: 2048,
      file_width: 640,
      file_height: 480,
      thumbnail_url: '/api/files/f?variant=thumbnail',
      has_image: true,
      published: { id: 'pp1', slug: 'hello', public_url: 'https://hearth.example/explore/post/pp1' },
      edited_at: '2026-11-22T00:00:00.000Z',
      mentions: [{ username: 'bob', profile_id: 'u2' }],
    };
    expect(PostSchema.parse(full)).toEqual(full);
    expectEveryFieldRequired(PostSchema.shape.published.unwrap(), full.published);
    expect(PostSchema.safeParse({ ...POST, mentions: [{ username: 'bob' }] }).success).toBe(false);
  });

  it('counts and sizes in whole numbers, and flags as booleans', () => {
    for (const field of ['likes_count', 'comments_count', 'file_size', 'file_width', 'file_height'])
      expect(PostSchema.safeParse({ ...POST, [field]: 1.5 }).success, field).toBe(false);
    for (const field of [
      'liked_by_current_user',
      'has_image',
      'is_owner',
      'can_delete',
      'can_publish',
      'ignored',
      'can_edit',
    ])
      expect(PostSchema.safeParse({ ...POST, [field]: 'true' }).success, field).toBe(false);
  });

  it('is listed as an array of posts', () => {
    expect(PostListSchema.parse([POST])).toEqual([POST]);
    expect(PostListSchema.safeParse([{ ...POST, id: undefined }]).success).toBe(false);
  });
});

describe('what a like, an Ignore and a deletion answer', () => {
  it('a like: whether the viewer likes it and the count', () => {
    expectEveryFieldRequired(LikeResponseSchema, { liked: true, likes_count: 3 });
    expect(LikeResponseSchema.safeParse({ liked: true, likes_count: 2.5 }).success).toBe(false);
  });

  it('an Ignore: whether the viewer hides it', () => {
    expectEveryFieldRequired(IgnoreResponseSchema, { ignored: true });
  });

  it('a deletion: the id and deleted true, never false', () => {
    expectEveryFieldRequired(DeletedResponseSchema, { id: 'p1', deleted: true });
    expect(DeletedResponseSchema.safeParse({ id: 'p1', deleted: false }).success).toBe(false);
  });
});
