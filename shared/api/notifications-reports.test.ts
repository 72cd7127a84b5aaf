import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import { MAIL_DELIVERIES, NOTIFICATION_KINDS } from '../domain/constants';
import {
  ALL_NOTIFICATION_MAILS_LABEL,
  NotificationIdParamsSchema,
  NotificationPreferencesSchema,
  NotificationSchema,
  UNSUBSCRIBE_MESSAGES,
  UnreadCountSchema,
  UnsubscribeInfoSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
  UpdateNotificationPreferencesBodySchema,
} from './notifications';
import {
  AdminReportQuerySchema,
  AdminReportSchema,
  CommentReportParamsSchema,
  HiddenPostSchema,
  ReportBodySchema,
  ReportRemovalBodySchema,
  ReportSchema,
  ReportSummarySchema,
  UpdateReportBodySchema,
} from './reports';

/**
 * The Inbox, mail preferences and moderation contracts: each rule with its message and path, the
 * texts members read, and the exact shape of what the API answers.
 */

describe('the Inbox', () => {
  const notification = {
    id: UUID,
    kind: 'comment',
    created_at: '2026-11-01T10:00:00.000Z',
    created_at_human: 'November 1, 2026 at 10:00 AM UTC',
    time_ago: 'just now',
    read: false,
    actor: { name: 'Ada Lovelace', username: 'ada', avatar: null, profile_id: UUID },
    others_count: 2,
    subject: { type: 'post', id: UUID, title: 'Saturday market' },
    text: 'Ada Lovelace and 2 others commented on your post',
    path: `/post/${UUID}`,
  };

  it('a notification has exactly its fields; its kind and subject are among the known ones', () => {
    expectEveryFieldRequired(NotificationSchema, notification);
    for (const kind of NOTIFICATION_KINDS)
      expect(NotificationSchema.safeParse({ ...notification, kind }).success, kind).toBe(true);
    for (const type of ['post', 'link', 'group', 'profile'])
      expect(
        NotificationSchema.safeParse({ ...notification, subject: { type, id: UUID, title: null } }).success,
      ).toBe(true);
    expect(NotificationSchema.safeParse({ ...notification, kind: 'poke' }).success).toBe(false);
    expect(
      NotificationSchema.safeParse({ ...notification, subject: { type: 'file', id: UUID, title: null } })
        .success,
    ).toBe(false);
    expect(NotificationSchema.safeParse({ ...notification, actor: null, subject: null }).success).toBe(true);
    expect(
      NotificationSchema.safeParse({ ...notification, actor: { name: 'A', username: 'a', avatar: null } })
        .success,
    ).toBe(false);
    expect(NotificationSchema.safeParse({ ...notification, others_count: 0.5 }).success).toBe(false);
    expectEveryFieldRequired(UnreadCountSchema, { count: 3 });
  });

  it('a notification is named by its id', () => {
    expect(refusals(NotificationIdParamsSchema, { id: UUID })).toEqual([]);
    expect(refusals(NotificationIdParamsSchema, { id: 'all' })).toEqual([['id', 'is not a valid id']]);
  });
});

describe('mail preferences', () => {
  it('each kind takes off, instant or daily, and says so otherwise', () => {
    const body = { preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, delivery: 'daily' })) };
    expect(UpdateNotificationPreferencesBodySchema.parse(body)).toEqual(body);
    for (const delivery of MAIL_DELIVERIES)
      expect(
        refusals(UpdateNotificationPreferencesBodySchema, { preferences: [{ kind: 'comment', delivery }] }),
      ).toEqual([]);
    expect(
      refusals(UpdateNotificationPreferencesBodySchema, {
        preferences: [{ kind: 'comment', delivery: 'weekly' }],
      }),
    ).toEqual([['preferences.0.delivery', 'must be off, instant or daily']]);
    expect(
      refusals(UpdateNotificationPreferencesBodySchema, { preferences: [{ kind: 'poke', delivery: 'off' }] }),
    ).toEqual([['preferences.0.kind', 'is not a kind of notification']]);
  });

  it('a change names one kind at least, and no more than two entries a kind', () => {
    expect(refusals(UpdateNotificationPreferencesBodySchema, { preferences: [] })).toHaveLength(1);
    const twice = [...NOTIFICATION_KINDS, ...NOTIFICATION_KINDS].map((kind) => ({ kind, delivery: 'off' }));
    expect(refusals(UpdateNotificationPreferencesBodySchema, { preferences: twice })).toEqual([]);
    expect(
      refusals(UpdateNotificationPreferencesBodySchema, {
        preferences: [...twice, { kind: 'comment', delivery: 'off' }],
      }),
    ).toHaveLength(1);
    expectEveryFieldRequired(NotificationPreferencesSchema, {
      preferences: [{ kind: 'reply', delivery: 'instant', push: true }],
    });
  });

  it('unsubscribing reads its token, says what it stopped, and explains a bad link', () => {
    expect(refusals(UnsubscribeQuerySchema, { token: 't'.repeat(500) })).toEqual([]);
    expect(refusals(UnsubscribeQuerySchema, { token: 't'.repeat(501) })).toHaveLength(1);
    expect(refusals(UnsubscribeQuerySchema, {})).toHaveLength(1);
    expectEveryFieldRequired(UnsubscribeInfoSchema, { scope: 'all', label: ALL_NOTIFICATION_MAILS_LABEL });
    expectEveryFieldRequired(UnsubscribeResultSchema, {
      scope: 'mention',
      label: 'Mentions',
      unsubscribed: true,
    });
    expect(UnsubscribeInfoSchema.safeParse({ scope: 'everything', label: 'x' }).success).toBe(false);
    expect(UnsubscribeResultSchema.safeParse({ scope: 'all', label: 'x', unsubscribed: false }).success).toBe(
      false,
    );
    expect(ALL_NOTIFICATION_MAILS_LABEL).toBe('All notification mails');
    expect(UNSUBSCRIBE_MESSAGES).toEqual({
      invalid: 'This unsubscribe link is not valid. Open your mail preferences in Hearth instead.',
      expired: 'This unsubscribe link has expired. Open your mail preferences in Hearth instead.',
    });
  });
});

describe('reports and moderation', () => {
  it('a report may carry a reason of up to 1,000 characters, or none at all', () => {
    expect(ReportBodySchema.parse(undefined)).toEqual({ reason: null });
    expect(ReportBodySchema.parse(null)).toEqual({ reason: null });
    expect(ReportBodySchema.parse({})).toEqual({ reason: null });
    expect(ReportBodySchema.parse({ report: { reason: '  Spam.  ' } })).toEqual({ reason: 'Spam.' });
    expect(ReportBodySchema.parse({ report: { reason: '   ' } })).toEqual({ reason: null });
    expect(refusals(ReportBodySchema, { report: { reason: 'r'.repeat(1000) } })).toEqual([]);
    expect(refusals(ReportBodySchema, { report: { reason: 'r'.repeat(1001) } })).toEqual([
      ['report.reason', 'is too long (maximum is 1000 characters)'],
    ]);
  });

  it('a review sets one of the statuses; a removal needs its reason', () => {
    for (const status of ['open', 'resolved', 'dismissed'])
      expect(refusals(UpdateReportBodySchema, { report: { status } })).toEqual([]);
    expect(refusals(UpdateReportBodySchema, { report: { status: 'closed' } })).toEqual([
      ['report.status', 'must be one of open, resolved, dismissed'],
    ]);
    expect(AdminReportQuerySchema.parse({})).toEqual({});
    expect(refusals(AdminReportQuerySchema, { status: 'closed' })).toHaveLength(1);
    expect(ReportRemovalBodySchema.parse({ removal: { reason: ' Breaks the rules. ' } })).toEqual({
      removal: { reason: 'Breaks the rules.' },
    });
    expect(refusals(ReportRemovalBodySchema, { removal: { reason: ' ' } })).toEqual([
      ['removal.reason', "can't be blank"],
    ]);
    expect(refusals(ReportRemovalBodySchema, { removal: { reason: 'r'.repeat(501) } })).toEqual([
      ['removal.reason', 'is too long (maximum is 500 characters)'],
    ]);
    expect(refusals(CommentReportParamsSchema, { id: 'x' })).toEqual([['id', 'is not a valid id']]);
  });

  it('a report, its review row, the summary and a hidden post have exactly their fields', () => {
    const report = {
      id: UUID,
      subject: 'comment',
      post_id: UUID,
      comment_id: UUID,
      reason: null,
      status: 'open',
      created_at: '2026-11-01T10:00:00.000Z',
    };
    expectEveryFieldRequired(ReportSchema, report);
    expect(ReportSchema.safeParse({ ...report, subject: 'link' }).success).toBe(false);
    expect(ReportSchema.safeParse({ ...report, status: 'closed' }).success).toBe(false);
    expectEveryFieldRequired(AdminReportSchema, {
      ...report,
      created_at_human: 'November 1, 2026',
      post_tldr: 'Saturday market',
      post_content: 'Bring a bag.',
      comment_content: 'Rude words.',
      author_id: UUID,
      author_username: 'troll',
      post_author_username: 'ada',
      group_id: null,
      group_name: null,
      reporter_id: UUID,
      reporter_username: 'ravi',
      resolved_at: null,
      removal_reason: null,
      content_removed: false,
    });
    expectEveryFieldRequired(ReportSummarySchema, { can_review: true, open_count: 2 });
    expectEveryFieldRequired(HiddenPostSchema, {
      post_id: UUID,
      tldr: 'Saturday market',
      username: 'ada',
      name: 'Ada Lovelace',
      avatar: null,
      profile_id: UUID,
      group_id: null,
      group_name: null,
      ignored_at: '2026-11-01T10:00:00.000Z',
    });
  });
});
