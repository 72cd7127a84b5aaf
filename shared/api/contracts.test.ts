import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { SignUpBodySchema, usernameField } from './auth';
import { CreateCommentBodySchema } from './comments';
import {
  BLANK,
  INVALID_TEXT,
  PageQuerySchema,
  emailField,
  identityName,
  optionalText,
  requiredText,
  titleText,
  uuidParam,
} from './fields';
import { CreatePostBodySchema, UpdatePostBodySchema } from './posts';

/**
 * The validation the API contracts hold, one behaviour at a time: what a request may carry, what it
 * becomes, and the message a refused field gets (spec: 422 with `errors.<field>`).
 */
const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const UUID = '11111111-1111-4111-8111-111111111111';

describe('text fields', () => {
  it('refuse a NUL byte and a lone surrogate, and keep a whole surrogate pair', () => {
    expect(messages(requiredText(20), 'a\u0000b')).toEqual([INVALID_TEXT]);
    expect(messages(requiredText(20), 'a\ud83d')).toEqual([INVALID_TEXT]);
    expect(messages(requiredText(20), '\ude00b')).toEqual([INVALID_TEXT]);
    expect(requiredText(20).parse('a😀')).toBe('a😀');
  });

  it('a required field is trimmed, blank is refused, and the maximum counts after trimming', () => {
    expect(requiredText(3).parse('  abc  ')).toBe('abc');
    expect(messages(requiredText(3), '   ')).toEqual([BLANK]);
    expect(messages(requiredText(3), undefined)).toEqual([BLANK]);
    expect(messages(requiredText(3), 'abcd')).toEqual(['is too long (maximum is 3 characters)']);
  });

  it('an optional field turns blank, null and absent into null, and keeps its maximum', () => {
    for (const value of ['', '  ', null, undefined]) expect(optionalText(5).parse(value)).toBeNull();
    expect(optionalText(5).parse(' hi ')).toBe('hi');
    expect(messages(optionalText(5), 'abcdef')).toEqual(['is too long (maximum is 5 characters)']);
    expect(messages(optionalText(5), 7)).toEqual(['must be text']);
  });

  it('a title refuses stacked combining marks but allows two', () => {
    expect(titleText(50).parse('Vi\u1EC7t')).toBe('Vi\u1EC7t');
    expect(messages(titleText(50), 'e\u0301\u0302\u0303')).toEqual([
      'has too many combining marks (at most 2 on one character)',
    ]);
  });

  it('a name refuses hidden direction characters and says only that', () => {
    expect(messages(identityName(100), 'Ada\u202E')).toEqual([
      'must not contain invisible or text-direction characters',
    ]);
    expect(identityName(100).parse('  ')).toBeNull();
    expect(identityName(100).parse(' Zoë ')).toBe('Zoë');
  });
});

describe('emails, ids and pages', () => {
  it('an email is trimmed and lower-cased; a malformed or blank one is refused', () => {
    expect(emailField.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(messages(emailField, 'ada@')).toEqual(['is not a valid email address']);
    expect(messages(emailField, ' ')).toEqual([BLANK]);
    expect(messages(emailField, `${'a'.repeat(250)}@b.co`)).toContain('is too long');
  });

  it('an id must be a UUID', () => {
    expect(uuidParam.parse(UUID)).toBe(UUID);
    expect(messages(uuidParam, 'u1')).toEqual(['is not a valid id']);
  });

  it('a page asks for 1 to 50 items, a whole number, with an opaque cursor of at most 200 characters', () => {
    expect(PageQuerySchema.parse({ limit: '50', after: 'x' })).toEqual({ limit: 50, after: 'x' });
    expect(PageQuerySchema.parse({})).toEqual({});
    for (const limit of ['0', '51', '2.5', 'ten'])
      expect(PageQuerySchema.safeParse({ limit }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ after: 'x'.repeat(201) }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ after: 'x'.repeat(200) }).success).toBe(true);
  });
});

describe('sign-up', () => {
  const user = { username: 'ada_l', email: 'ada@example.com', password: 'correct horse' };

  it('takes a username of letters, digits and underscores, of 3 to 30 characters', () => {
    expect(usernameField.parse(' ada_1 ')).toBe('ada_1');
    expect(messages(usernameField, 'ab')).toEqual(['is too short (minimum is 3 characters)']);
    expect(messages(usernameField, 'a'.repeat(31))).toEqual(['is too long (maximum is 30 characters)']);
    expect(messages(usernameField, 'ada-l')).toEqual(['may contain only letters, digits and underscores']);
    expect(messages(usernameField, '')).toEqual([BLANK]);
  });

  it('names a hidden character in a username for what it is, and only that', () => {
    expect(messages(usernameField, 'ad\u200Ba')).toEqual([
      'must not contain invisible or text-direction characters',
    ]);
  });

  it('wants a password of 8 to 128 characters, blank said once', () => {
    const password = (value: string) => messages(SignUpBodySchema, { user: { ...user, password: value } });
    expect(password('')).toEqual([BLANK]);
    expect(password('short')).toEqual(['is too short (minimum is 8 characters)']);
    expect(password('x'.repeat(129))).toEqual(['is too long (maximum is 128 characters)']);
    expect(password('x'.repeat(128))).toEqual([]);
  });

  it('leaves names and the invitation code optional', () => {
    expect(SignUpBodySchema.parse({ user }).user).toMatchObject({ first_name: null, last_name: null });
    expect(messages(SignUpBodySchema, { user: { ...user, invitation_code: 'c'.repeat(201) } })).toHaveLength(
      1,
    );
  });
});

describe('posts and comments', () => {
  it('a post needs a title; its content may be absent (empty) up to the limit', () => {
    expect(CreatePostBodySchema.parse({ post: { tldr: ' Hello ' } }).post).toEqual({
      tldr: 'Hello',
      content: '',
      group_id: undefined,
      file_request_id: undefined,
    });
    expect(messages(CreatePostBodySchema, { post: { tldr: '' } })).toEqual([BLANK]);
    const long = 'x'.repeat(LIMITS.postContent + 1);
    expect(messages(UpdatePostBodySchema, { post: { tldr: 'a', content: long } })).toEqual([
      `is too long (maximum is ${LIMITS.postContent} characters)`,
    ]);
  });

  it("keeps a post's content as written, leading spaces included", () => {
    expect(CreatePostBodySchema.parse({ post: { tldr: 'a', content: '    code' } }).post.content).toBe(
      '    code',
    );
  });

  it("reads '' as no group (a form's none) and refuses an id that is not a UUID", () => {
    expect(CreatePostBodySchema.parse({ post: { tldr: 'a', group_id: '' } }).post.group_id).toBeNull();
    expect(CreatePostBodySchema.parse({ post: { tldr: 'a', group_id: UUID } }).post.group_id).toBe(UUID);
    expect(messages(CreatePostBodySchema, { post: { tldr: 'a', group_id: 'g1' } })).toEqual([
      'is not a valid id',
    ]);
  });

  it('a comment needs content, trimmed, up to the limit', () => {
    const comment = (content: unknown) => messages(CreateCommentBodySchema, { comment: { content } });
    expect(comment(' ')).toContain(BLANK);
    expect(comment('x'.repeat(LIMITS.commentContent + 1))).toContain(
      `is too long (maximum is ${LIMITS.commentContent} characters)`,
    );
  });
});
