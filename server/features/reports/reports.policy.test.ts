import { describe, expect, it } from 'vitest';
import { canReportContentOf, canReviewReport, removalExcerpt, reviewScopeOf } from './reports.policy';

describe('who reviews which reports', () => {
  it('gives admins every report, moderators their groups’ reports, others none', () => {
    const admin = reviewScopeOf({ isAdmin: true }, [])!;
    const moderator = reviewScopeOf({ isAdmin: false }, ['g1']);
    expect(reviewScopeOf({ isAdmin: false }, [])).toBeNull();
    expect(canReviewReport(admin, { groupId: null })).toBe(true);
    expect(canReviewReport(admin, { groupId: 'g2' })).toBe(true);
    expect(canReviewReport(moderator!, { groupId: 'g1' })).toBe(true);
    expect(canReviewReport(moderator!, { groupId: 'g2' })).toBe(false);
    expect(canReviewReport(moderator!, { groupId: null })).toBe(false);
  });

  it('lets nobody report their own content', () => {
    expect(canReportContentOf('ana', 'ana')).toBe(false);
    expect(canReportContentOf('ana', 'ben')).toBe(true);
  });
});

describe('removalExcerpt', () => {
  it('keeps short text whole and cuts long text at 80 characters with an ellipsis', () => {
    expect(removalExcerpt('  Short\n title ')).toBe('Short title');
    const cut = removalExcerpt('é'.repeat(100));
    expect(Array.from(cut)).toHaveLength(80);
    expect(cut.endsWith('…')).toBe(true);
  });
});
