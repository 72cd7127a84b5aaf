import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired } from '../../tests/support/contract-checks';
import { MeCountsSchema } from './me-counts';

/** GET /api/me/counts: every badge of the signed-in frame in one answer. */

describe("the frame's badge counts", () => {
  const counts = {
    unread_notifications: 2,
    pending_group_requests: 1,
    reports: { can_review: true, open_count: 4 },
    unread_messages: 3,
    message_requests: 1,
  };

  it('carry the inbox, the join requests, the reports and the messages, every field required', () => {
    expectEveryFieldRequired(MeCountsSchema, counts);
    expectEveryFieldRequired(MeCountsSchema.shape.reports, counts.reports);
  });

  it('are whole numbers', () => {
    expect(MeCountsSchema.safeParse({ ...counts, unread_notifications: 0.5 }).success).toBe(false);
    expect(MeCountsSchema.safeParse({ ...counts, pending_group_requests: 0.5 }).success).toBe(false);
    expect(MeCountsSchema.safeParse({ ...counts, unread_messages: 0.5 }).success).toBe(false);
    expect(
      MeCountsSchema.safeParse({ ...counts, reports: { can_review: true, open_count: 0.5 } }).success,
    ).toBe(false);
  });
});
