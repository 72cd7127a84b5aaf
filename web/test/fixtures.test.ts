import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CurrentUserSchema, usernameField } from '@shared/api/auth';
import { CommentSchema } from '@shared/api/comments';
import { uuidParam } from '@shared/api/fields';
import { FileRequestCreatedSchema, FileRequestSchema } from '@shared/api/files';
import { LinkCommentSchema, LinkSchema } from '@shared/api/links';
import { GroupMemberSchema, GroupRequestSchema, GroupSchema } from '@shared/api/groups';
import { NotificationSchema } from '@shared/api/notifications';
import { PostSchema } from '@shared/api/posts';
import { ProfileSchema } from '@shared/api/profiles';
import { PublicPostSchema, PublishedPostSchema } from '@shared/api/public-posts';
import { AdminReportSchema } from '@shared/api/reports';
import { anAdminReport } from '@web/features/admin/test-fixtures';
import { aCreatedRequest, aFileRequest } from '@web/features/files/test-fixtures';
import { aGroup, aMember, aRequest } from '@web/features/groups/test-fixtures';
import { aLink, aLinkComment } from '@web/features/links/test-fixtures';
import { aNotification } from '@web/features/inbox/test-fixtures';
import { aComment, aPost } from '@web/features/posts/post-fixtures';
import { aProfile } from '@web/features/profiles/test-fixtures';
import { aPublicPost, aPublishedPost } from '@web/features/published/test-fixtures';
import { testId } from './ids';
import { ada, maria } from './users';

/**
 * The web tests' fixtures are answers the server could really give: each has the shape of its shared
 * contract, every id is a UUID (the server refuses any other id in a path or body) and every username
 * is one sign-up would accept. A fixture that drifts from the server fails here, not in production.
 */
function problems(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => problems(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => {
    const at = path ? `${path}.${key}` : key;
    if (
      (key === 'id' || key.endsWith('_id')) &&
      typeof field === 'string' &&
      !uuidParam.safeParse(field).success
    ) {
      return [`${at} is not a UUID: ${field}`];
    }
    if (key === 'username' && typeof field === 'string' && !usernameField.safeParse(field).success) {
      return [`${at} is not a valid username: ${field}`];
    }
    return problems(field, at);
  });
}

const fixtures: [string, z.ZodType, unknown][] = [
  ['maria (GET /api/auth)', CurrentUserSchema, maria],
  ['ada (GET /api/auth)', CurrentUserSchema, ada],
  ['aPost', PostSchema, aPost()],
  ['aComment', CommentSchema, aComment()],
  ['a reply', CommentSchema, aComment({ id: testId('comment:reply'), parent_id: aComment().id })],
  ['anAdminReport (a post)', AdminReportSchema, anAdminReport()],
  [
    'anAdminReport (a comment)',
    AdminReportSchema,
    anAdminReport({ subject: 'comment', comment_id: aComment().id, comment_content: 'Nice *work*' }),
  ],
  ['aNotification', NotificationSchema, aNotification()],
  ['aLink', LinkSchema, aLink()],
  ['aLinkComment', LinkCommentSchema, aLinkComment()],
  ['aPublicPost', PublicPostSchema, aPublicPost()],
  ['aPublishedPost', PublishedPostSchema, aPublishedPost()],
  ['aCreatedRequest', FileRequestCreatedSchema, aCreatedRequest()],
  ['aFileRequest', FileRequestSchema, aFileRequest()],
  ['aGroup', GroupSchema, aGroup({ id: testId('group'), name: 'Book Club', role: 'Owner' })],
  ['aMember', GroupMemberSchema, aMember({ id: testId('member'), name: 'Grace Hopper', role: 'Poster' })],
  ['aRequest', GroupRequestSchema, aRequest({ id: testId('request') })],
  ['aProfile', ProfileSchema, aProfile({ id: testId('profile'), username: 'grace' })],
];

describe('web test fixtures', () => {
  it.each(fixtures)('%s has the shape of its contract', (_name, schema, fixture) => {
    const result = schema.safeParse(fixture);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it.each(fixtures)('%s carries only ids and usernames the server accepts', (_name, _schema, fixture) => {
    expect(problems(fixture)).toEqual([]);
  });
});
