import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportStatus, ReportSubject } from '../../../shared/api/reports';
import type { DbOrTx } from '../../db/client';
import { comments, groupRoles, groups, messages, posts, reports, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import type { ReviewScope } from './reports.policy';
import { literalLimit } from '../../db/literal-limit';

/**
 * One report per member per post, and per member per comment: a second report returns the first
 * (created false). The unique indexes are partial on `subject`, so the conflict is named by them.
 */
export async function upsertReport(
  db: DbOrTx,
  values: {
    subject: ReportSubject;
    postId: string | null;
    commentId: string | null;
    messageId?: string | null;
    groupId: string | null;
    reporterId: string;
    reason: string | null;
  },
) {
  const [inserted] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  if (inserted) return { report: inserted, created: true };
  const sameSubject = {
    comment: () => and(eq(reports.subject, 'comment'), eq(reports.commentId, values.commentId!)),
    message: () => and(eq(reports.subject, 'message'), eq(reports.messageId, values.messageId!)),
    post: () => and(eq(reports.subject, 'post'), eq(reports.postId, values.postId!)),
  }[values.subject]();
  const [existing] = await db
    .select()
    .from(reports)
    .where(and(sameSubject, eq(reports.reporterId, values.reporterId)))
    .limit(1);
  return { report: existing!, created: false };
}

/** The groups a member moderates (Owner or Moderator): whose reports they review. */
export async function listModeratedGroupIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: groupRoles.groupId })
    .from(groupRoles)
    .where(and(eq(groupRoles.userId, userId), inArray(groupRoles.role, ['Owner', 'Moderator'])));
  return rows.map((row) => row.groupId);
}

/** SQL condition on `reports`: the report is within the reviewer's scope. */
function inScope(scope: ReviewScope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.groupIds.length === 0) return sql`false`;
  return inArray(reports.groupId, scope.groupIds);
}

/**
 * The report's content still exists, or a reviewer removed it (then the report is the record).
 * A report whose post or comment its author deleted has nothing left to review and is not listed.
 */
const stillReviewable = sql`(
  (${reports.subject} = 'post' and ${reports.postId} is not null)
  or (${reports.subject} = 'comment' and ${reports.commentId} is not null)
  or (${reports.subject} = 'message' and ${reports.messageId} is not null)
  or ${reports.removalReason} is not null
)`;

const author = sql`author`;

/** Reports for review, newest first, with the content and the reporter; keyset on (created_at, id). */
export async function listReports(
  db: DbOrTx,
  filter: { scope: ReviewScope; id?: string; status?: ReportStatus; cursor: Cursor | null; limit: number },
) {
  const conditions: (SQL | undefined)[] = [stillReviewable, inScope(filter.scope)];
  if (filter.id) conditions.push(eq(reports.id, filter.id));
  if (filter.status) conditions.push(eq(reports.status, filter.status));
  if (filter.cursor) {
    conditions.push(
      sql`(${reports.createdAt}, ${reports.id}) < (${filter.cursor.at}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  return db
    .select({
      id: reports.id,
      subject: reports.subject,
      postId: reports.postId,
      commentId: reports.commentId,
      messageId: reports.messageId,
      messageDeleted: sql<boolean>`${messages.deletedAt} is not null`.mapWith(Boolean),
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
      createdAtExact: sql<string>`to_char(${reports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      resolvedAt: reports.resolvedAt,
      removalReason: reports.removalReason,
      removedTitle: reports.removedTitle,
      removedContent: reports.removedContent,
      postTldr: posts.tldr,
      postContent: posts.content,
      commentContent: comments.content,
      authorId: sql<string | null>`coalesce(${comments.userId}, ${posts.userId}, ${messages.senderId})`,
      authorUsername: sql<
        string | null
      >`(select ${author}.username from users ${author} where ${author}.id = coalesce(${comments.userId}, ${posts.userId}, ${messages.senderId}))`,
      groupId: reports.groupId,
      groupName: groups.name,
      reporterId: reports.reporterId,
      reporterUsername: users.username,
    })
    .from(reports)
    .leftJoin(posts, eq(posts.id, reports.postId))
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .leftJoin(messages, eq(messages.id, reports.messageId))
    .innerJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(groups, eq(groups.id, reports.groupId))
    .where(and(...conditions))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(literalLimit(filter.limit + 1));
}

export type AdminReportRow = Awaited<ReturnType<typeof listReports>>[number];

/** One report within the reviewer's scope, or null (so another group's report is a 404). */
export async function findReportForReview(
  db: DbOrTx,
  scope: ReviewScope,
  reportId: string,
): Promise<AdminReportRow | null> {
  const [row] = await listReports(db, { scope, id: reportId, cursor: null, limit: 1 });
  return row ?? null;
}

/** How many open reports wait for this reviewer (the Reports badge). */
export async function countOpenReports(db: DbOrTx, scope: ReviewScope): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(reports)
    .leftJoin(posts, eq(posts.id, reports.postId))
    .where(and(eq(reports.status, 'open'), stillReviewable, inScope(scope)));
  return Number(row?.value ?? 0);
}

export async function updateReportStatus(
  db: DbOrTx,
  reportId: string,
  status: ReportStatus,
  reviewerId: string,
) {
  const closed = status !== 'open';
  const [row] = await db
    .update(reports)
    .set({ status, resolvedById: closed ? reviewerId : null, resolvedAt: closed ? new Date() : null })
    .where(eq(reports.id, reportId))
    .returning({ id: reports.id });
  return row ?? null;
}

/** What a report keeps when a reviewer removes its content: resolved, by whom, when and why. */
function resolvedByRemoval(removal: { reviewerId: string; reason: string }) {
  return {
    status: 'resolved' as const,
    resolvedById: removal.reviewerId,
    resolvedAt: new Date(),
    removalReason: removal.reason,
  };
}

/**
 * Before a reviewer deletes a post, every report about it or about one of its comments is resolved
 * and keeps what was said, with the reviewer's reason: the record outlives the content.
 */
export async function resolveReportsOnRemovedPost(
  db: DbOrTx,
  post: { id: string; tldr: string; content: string },
  removal: { reviewerId: string; reason: string },
) {
  await db
    .update(reports)
    .set({
      ...resolvedByRemoval(removal),
      removedTitle: post.tldr,
      removedContent: sql`case when ${reports.subject} = 'comment'
        then (select c.content from comments c where c.id = ${reports.commentId})
        else ${post.content} end`,
    })
    .where(eq(reports.postId, post.id));
}

/** The same for one comment: its reports are resolved and keep its text and the post's title. */
export async function resolveReportsOnRemovedComment(
  db: DbOrTx,
  comment: { id: string; content: string; postTldr: string },
  removal: { reviewerId: string; reason: string },
) {
  await db
    .update(reports)
    .set({
      ...resolvedByRemoval(removal),
      removedTitle: comment.postTldr,
      removedContent: comment.content,
    })
    .where(and(eq(reports.subject, 'comment'), eq(reports.commentId, comment.id)));
}

/** A message removed by a reviewer: its reports are resolved with the reason; its text is not kept. */
export async function resolveReportsOnRemovedMessage(
  db: DbOrTx,
  messageId: string,
  removal: { reviewerId: string; reason: string },
) {
  await db
    .update(reports)
    .set(resolvedByRemoval(removal))
    .where(and(eq(reports.subject, 'message'), eq(reports.messageId, messageId)));
}
