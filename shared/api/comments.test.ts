import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  CommentFieldsSchema,
  CommentListSchema,
  CommentPageQuerySchema,
  CommentSchema,
  CreateCommentBodySchema,
  REPLIES_PREVIEW,
  SharedCommentFieldsSchema,
  UpdateCommentBodySchema,
} from './comments';
import { BLANK, PageQuerySchema } from './fields';

/**
 * The comment contracts (spec sections 3, 5 and 7): {comment:{content}} on create and edit, a reply's
 * parent, and the exact shape of a comment with its replies.
 */

const tooLong = 'is too long (maximum is 10000 characters)';

describe('a new comment', () => {
  const create = (comment: Record<string, unknown>) => refusals(CreateCommentBodySchema, { comment });

  it('takes the content trimmed (spec: non-blank after trimming) and an optional parent', () => {
    expect(CreateCommentBodySchema.parse({ comment: { content: '  Nice!  ' } })).toEqual({
      comment: { content: 'Nice!' },
    });
    expect(CreateCommentBodySchema.parse({ comment: { content: 'Yes', parent_id: UUID } })).toEqual({
      comment: { content: 'Yes', parent_id: UUID },
    });
    expect(CreateCommentBodySchema.parse({ comment: { content: 'Yes', parent_id: null } })).toEqual({
      comment: { content: 'Yes', parent_id: null },
    });
  });

  it('refuses blank content and content over 10,000 characters', () => {
    expect(create({ content: '  \n ' })).toEqual([['comment.content', BLANK]]);
    expect(create({})).toEqual([['comment.content', BLANK]]);
    expect(create({ content: 'c'.repeat(10_000) })).toEqual([]);
    expect(create({ content: 'c'.repeat(10_001) })).toEqual([['comment.content', tooLong]]);
    expect(refusals(CreateCommentBodySchema, {}).map(([path]) => path)).toEqual(['comment']);
  });

  it('refuses a parent that is not an id', () => {
    expect(create({ content: 'Yes', parent_id: 'c1' })).toEqual([['comment.parent_id', 'is not a valid id']]);
  });
});

describe('an edit of a comment', () => {
  it('has the rules of create, and cannot move the comment under another', () => {
    expect(UpdateCommentBodySchema.parse({ comment: { content: ' Fixed ', parent_id: UUID } })).toEqual({
      comment: { content: 'Fixed' },
    });
    expect(refusals(UpdateCommentBodySchema, { comment: { content: ' ' } })).toEqual([
      ['comment.content', BLANK],
    ]);
    expect(refusals(UpdateCommentBodySchema, { comment: { content: 'c'.repeat(10_000) } })).toEqual([]);
    expect(refusals(UpdateCommentBodySchema, { comment: { content: 'c'.repeat(10_001) } })).toEqual([
      ['comment.content', tooLong],
    ]);
  });
});

describe('a comment as the API answers it', () => {
  const shared = {
    id: 'c1',
    content: 'Nice!',
    created_at: '2026-11-21T23:43:00.000Z',
    created_at_human: 'November 21, 2026 at 11:43 PM UTC',
    time_ago: '5 minutes ago',
    name: 'Ada Lovelace',
    username: 'ada_l',
    avatar: null,
    profile_id: 'u1',
    is_owner: false,
    can_delete: false,
    can_edit: false,
    edited_at: null,
    parent_id: null,
    replies_count: 1,
    mentions: [{ username: 'bob', profile_id: 'u2' }],
  };
  const reply = { ...shared, id: 'c2', parent_id: 'c1', replies_count: 0, mentions: [], post_id: 'p1' };
  const comment = { ...shared, post_id: 'p1', replies: [reply] };

  it('carries the spec fields (section 3) and the abilities and thread, every field required', () => {
    expectEveryFieldRequired(SharedCommentFieldsSchema, shared);
    expectEveryFieldRequired(CommentFieldsSchema, reply);
    expectEveryFieldRequired(CommentSchema, comment);
  });

  it('holds its replies as comments without replies, and counts in whole numbers', () => {
    expect(CommentListSchema.parse([comment])).toEqual([comment]);
    expect(CommentSchema.safeParse({ ...comment, replies: [{ ...reply, post_id: undefined }] }).success).toBe(
      false,
    );
    expect(CommentSchema.safeParse({ ...comment, replies_count: 0.5 }).success).toBe(false);
  });

  it('is paged like the timelines, with three replies shown before "View N more replies"', () => {
    expect(CommentPageQuerySchema).toBe(PageQuerySchema);
    expect(REPLIES_PREVIEW).toBe(3);
  });
});
