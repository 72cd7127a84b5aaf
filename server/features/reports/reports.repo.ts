import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ReportStatus } from '../../../shared/api/reports';
import type { DbOrTx } from '../../db/client';
import { groups, postIgnores, posts, reports, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';

/** One report per member per post: a second report returns the first (created false). */
export async function upsertReport(
  db: DbOrTx,
  values: { postId: string; reporterId: string; reason: string | null },
) {
  const [inserted] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  if (inserted) return { report: inserted, created: true };
  const [existing] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.postId, values.postId), eq(reports.reporterId, values.reporterId)))
    .limit(1);
  return { report: existing!, created: false };
}

const author = sql`author`;

/** Reports for review, newest first, with the post and the reporter; keyset on (created_at, id). */
export async function listReports(
  db: DbOrTx,
  filter: { id?: string; status?: ReportStatus; cursor: Cursor | null; limit: number },
) {
  const conditions: SQL[] = [];
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
      postId: reports.postId,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
      createdAtExact: sql<string>`to_char(${reports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      resolvedAt: reports.resolvedAt,
      postTldr: posts.tldr,
      postContent: posts.content,
      postAuthorUsername: sql<string>`(select ${author}.username from users ${author} where ${author}.id = ${posts.userId})`,
      groupId: posts.groupId,
      groupName: groups.name,
      reporterId: reports.reporterId,
      reporterUsername: users.username,
    })
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .innerJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(groups, eq(groups.id, posts.groupId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(filter.limit + 1);
}

export type AdminReportRow = Awaited<ReturnType<typeof listReports>>[number];

export async function findReportForReview(db: DbOrTx, reportId: string): Promise<AdminReportRow | null> {
  const [row] = await listReports(db, { id: reportId, cursor: null, limit: 1 });
  return row ?? null;
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

/** Ignore: hide a post from this member's timelines and search (idempotent both ways). */
export async function insertIgnore(db: DbOrTx, postId: string, userId: string) {
  await db.insert(postIgnores).values({ postId, userId }).onConflictDoNothing();
}

export async function deleteIgnore(db: DbOrTx, postId: string, userId: string) {
  await db.delete(postIgnores).where(and(eq(postIgnores.postId, postId), eq(postIgnores.userId, userId)));
}
