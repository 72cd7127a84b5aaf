import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  CreateLinkBodySchema,
  CreateLinkCommentBodySchema,
  CreateLinkResponseSchema,
  LinkCommentParamsSchema,
  LinkCommentSchema,
  LinkIdParamsSchema,
  LinkSchema,
  PublishedLinkSchema,
  UpdateLinkCommentBodySchema,
} from './links';

/**
 * The link contracts (spec sections 3, 5 and 7): the add-link form's rules and texts, the comment
 * rules, and the exact shape of a link, a published link and a comment.
 */

describe('adding a link', () => {
  const link = (fields: Record<string, unknown>) => ({
    url: 'https://example.test/a',
    visibility: 'private',
    ...fields,
  });

  it('takes a web address, an optional comment and one of the three visibilities', () => {
    expect(
      CreateLinkBodySchema.parse(link({ url: '  https://example.test/a  ', comment: ' Worth it. ' })),
    ).toEqual({
      url: 'https://example.test/a',
      comment: 'Worth it.',
      visibility: 'private',
    });
    expect(CreateLinkBodySchema.parse(link({ comment: '   ' })).comment).toBeNull();
    for (const visibility of ['private', 'public', 'published'])
      expect(refusals(CreateLinkBodySchema, link({ visibility })), visibility).toEqual([]);
  });

  it('says what is wrong with an address, in the words of the form', () => {
    expect(refusals(CreateLinkBodySchema, { visibility: 'private' })).toEqual([['url', 'URL is required']]);
    expect(refusals(CreateLinkBodySchema, link({ url: '   ' }))).toEqual([['url', 'URL is required']]);
    expect(refusals(CreateLinkBodySchema, link({ url: 'not a url' }))).toEqual([
      ['url', 'Please enter a valid URL'],
    ]);
    expect(refusals(CreateLinkBodySchema, link({ url: 'ftp://example.test/file' }))).toEqual([
      ['url', 'must start with http:// or https://'],
    ]);
    expect(refusals(CreateLinkBodySchema, link({ url: 'https://ada:secret@example.test/' }))).toEqual([
      ['url', 'must not contain a user name or password'],
    ]);
    const long = `https://example.test/${'a'.repeat(2048)}`;
    expect(refusals(CreateLinkBodySchema, link({ url: long }))).toEqual([
      ['url', 'is too long (maximum is 2048 characters)'],
    ]);
  });

  it('wants group_id with the group visibility, and refuses it with the other three (ADR 046)', () => {
    expect(CreateLinkBodySchema.parse(link({ visibility: 'group', group_id: UUID }))).toMatchObject({
      visibility: 'group',
      group_id: UUID,
    });
    expect(refusals(CreateLinkBodySchema, link({ visibility: 'group' }))).toEqual([
      ['group_id', 'is required when sharing into a group'],
    ]);
    expect(refusals(CreateLinkBodySchema, link({ visibility: 'group', group_id: null }))).toEqual([
      ['group_id', 'is required when sharing into a group'],
    ]);
    expect(refusals(CreateLinkBodySchema, link({ visibility: 'group', group_id: 'nope' }))).toEqual([
      ['group_id', 'is not a valid id'],
    ]);
    for (const visibility of ['private', 'public', 'published'])
      expect(refusals(CreateLinkBodySchema, link({ visibility, group_id: UUID })), visibility).toEqual([
        ['group_id', 'can only be given when sharing into a group'],
      ]);
  });

  it('needs a visibility, and keeps the comment to 2,000 characters', () => {
    expect(refusals(CreateLinkBodySchema, { url: 'https://example.test/' })).toEqual([
      ['visibility', 'Visibility is required'],
    ]);
    expect(refusals(CreateLinkBodySchema, link({ visibility: 'friends' }))).toEqual([
      ['visibility', 'Visibility is required'],
    ]);
    expect(refusals(CreateLinkBodySchema, link({ comment: 'c'.repeat(2000) }))).toEqual([]);
    expect(refusals(CreateLinkBodySchema, link({ comment: 'c'.repeat(2001) }))).toEqual([
      ['comment', 'is too long (maximum is 2000 characters)'],
    ]);
  });
});

describe('comments on a link', () => {
  it('take content, trimmed, of up to 10,000 characters, and reply to a comment by its id', () => {
    expect(CreateLinkCommentBodySchema.parse({ content: '  Agreed.  ', parent_id: UUID })).toEqual({
      content: 'Agreed.',
      parent_id: UUID,
    });
    expect(CreateLinkCommentBodySchema.parse({ content: 'Top level', parent_id: null }).parent_id).toBeNull();
    expect(refusals(CreateLinkCommentBodySchema, { content: 'c'.repeat(10_000) })).toEqual([]);
    expect(refusals(CreateLinkCommentBodySchema, { content: 'c'.repeat(10_001) })).toEqual([
      ['content', 'is too long (maximum is 10000 characters)'],
    ]);
    expect(refusals(CreateLinkCommentBodySchema, { content: 'Hi', parent_id: 'first' })).toEqual([
      ['parent_id', 'is not a valid id'],
    ]);
  });

  it('say "Comment content is required" when there is none, on create and edit', () => {
    for (const schema of [CreateLinkCommentBodySchema, UpdateLinkCommentBodySchema]) {
      expect(refusals(schema, { content: '   ' })).toEqual([['content', 'Comment content is required']]);
      expect(refusals(schema, {})).toEqual([['content', 'Comment content is required']]);
    }
    expect(UpdateLinkCommentBodySchema.parse({ content: ' Edited ' })).toEqual({ content: 'Edited' });
  });

  it('are addressed by the link id and the comment id', () => {
    expect(refusals(LinkIdParamsSchema, { id: UUID })).toEqual([]);
    expect(refusals(LinkIdParamsSchema, { id: 'latest' })).toEqual([['id', 'is not a valid id']]);
    expect(refusals(LinkCommentParamsSchema, { id: UUID, commentId: 'x' })).toEqual([
      ['commentId', 'is not a valid id'],
    ]);
  });
});

describe('what the link API answers', () => {
  const link = {
    id: UUID,
    url: 'https://example.test/a',
    title: 'A page',
    comment: null,
    visibility: 'public',
    group_id: null,
    group_name: null,
    sentence_summary: 'One sentence.',
    paragraph_summary: 'Three sentences.',
    markdown_content: null,
    domain: 'example.test',
    created_at: '2026-11-01T10:00:00.000Z',
    created_at_human: 'November 1st 2026',
    time_ago: '3 days ago',
    username: 'ada',
    name: 'Ada Lovelace',
    avatar: null,
    profile_id: UUID,
    liked_by_current_user: false,
    likes_count: 0,
    comments_count: 2,
    is_owner: true,
    status: 'ready',
    step: null,
    error: null,
    retryable: false,
    safety_verdict: 'safe',
    safety_reasons: [],
    lead_image_url: null,
    site_name: 'Example',
    language: 'en',
    can_retry: false,
    can_delete: true,
  };

  it('a link has exactly its fields; its status and verdict are among the known ones', () => {
    expectEveryFieldRequired(LinkSchema, link);
    for (const status of ['pending', 'processing', 'ready', 'failed'])
      expect(LinkSchema.safeParse({ ...link, status }).success, status).toBe(true);
    for (const verdict of ['safe', 'suspicious', 'unsafe', 'unknown', null])
      expect(LinkSchema.safeParse({ ...link, safety_verdict: verdict }).success, String(verdict)).toBe(true);
    expect(LinkSchema.safeParse({ ...link, status: 'done' }).success).toBe(false);
    expect(LinkSchema.safeParse({ ...link, safety_verdict: 'fine' }).success).toBe(false);
    expect(LinkSchema.safeParse({ ...link, likes_count: 0.5 }).success).toBe(false);
  });

  it('a published link leaves out the viewer facts, the abilities and the reading state', () => {
    const published = PublishedLinkSchema.parse(link);
    expect(Object.keys(published).sort()).toEqual(
      [
        'id',
        'url',
        'title',
        'comment',
        'sentence_summary',
        'paragraph_summary',
        'markdown_content',
        'domain',
        'created_at',
        'created_at_human',
        'time_ago',
        'username',
        'name',
        'avatar',
        'profile_id',
        'likes_count',
        'comments_count',
        'safety_verdict',
        'safety_reasons',
        'lead_image_url',
        'site_name',
        'language',
      ].sort(),
    );
  });

  it('adding answers the id and the earlier shares of the page', () => {
    expectEveryFieldRequired(CreateLinkResponseSchema, { id: UUID, earlier_links: [link] });
  });

  it('a comment has its link, likes and first replies', () => {
    const reply = {
      id: UUID,
      content: 'Agreed.',
      created_at: '2026-11-01T10:00:00.000Z',
      created_at_human: 'November 1st 2026',
      time_ago: 'just now',
      name: 'Ravi Shah',
      username: 'ravi',
      avatar: null,
      profile_id: UUID,
      is_owner: false,
      can_delete: false,
      can_edit: false,
      edited_at: null,
      parent_id: UUID,
      replies_count: 0,
      mentions: [],
      link_id: UUID,
      liked_by_current_user: true,
      likes_count: 1,
    };
    expectEveryFieldRequired(LinkCommentSchema, { ...reply, parent_id: null, replies: [reply] });
    expect(LinkCommentSchema.safeParse({ ...reply, replies: [{ ...reply, likes_count: '1' }] }).success).toBe(
      false,
    );
  });
});
