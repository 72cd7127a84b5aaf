/**
 * Who reviews which reports (ARCHITECTURE.md "Group roles": a Moderator removes posts and comments
 * in the group). Admins review every report; a group's Owners and Moderators review the reports on
 * their group's posts and comments; nobody else reviews any.
 */
export type ReviewScope = { all: true } | { all: false; groupIds: readonly string[] };

/** The reviewer's scope, or null for a member who reviews nothing. */
export function reviewScopeOf(
  user: { isAdmin: boolean },
  moderatedGroupIds: readonly string[],
): ReviewScope | null {
  if (user.isAdmin) return { all: true };
  if (moderatedGroupIds.length === 0) return null;
  return { all: false, groupIds: moderatedGroupIds };
}

/** Whether a report on content in `groupId` (null: a post outside any group) is in the scope. */
export function canReviewReport(scope: ReviewScope, report: { groupId: string | null }): boolean {
  return scope.all || (report.groupId !== null && scope.groupIds.includes(report.groupId));
}

/** Nobody reports or hides their own post or comment: they can edit or delete it instead. */
export function canReportContentOf(viewerId: string, authorId: string): boolean {
  return viewerId !== authorId;
}

/** What the author is told about removed content: its first ~80 characters. */
export function removalExcerpt(text: string, max = 80): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
