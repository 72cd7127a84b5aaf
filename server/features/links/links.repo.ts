import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { LinkVisibility } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { links, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { visibleLinksCondition } from '../../policies/visibility';

/** A timestamp as exact ISO text (microseconds kept) for keyset cursors. */
const exactCreatedAt = sql<string>`to_char(${links.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The columns of a link a member sees, with its author, counts and the viewer's facts. Counts are
 * correlated subqueries, evaluated only for the rows a page returns. Outer columns are written
 * `links.id` literally so a subquery never binds them to its own table. The Markdown is selected
 * only when asked (`withContent`): lists never carry whole pages.
 */
function linkFields(viewerId: string, withContent: boolean) {
  return {
    id: links.id,
    userId: links.userId,
    url: links.url,
    normalizedUrl: links.normalizedUrl,
    domain: links.domain,
    comment: links.comment,
    visibility: links.visibility,
    status: links.status,
    step: links.step,
    error: links.error,
    title: links.title,
    sentenceSummary: links.sentenceSummary,
    paragraphSummary: links.paragraphSummary,
    markdownContent: withContent ? links.markdownContent : sql<string | null>`null`,
    leadImageUrl: links.leadImageUrl,
    siteName: links.siteName,
    language: links.language,
    safetyVerdict: links.safetyVerdict,
    safetyReasons: links.safetyReasons,
    createdAt: links.createdAt,
    createdAtExact: exactCreatedAt,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarFileId: users.avatarFileId,
    likesCount: sql<number>`(select count(*) from link_likes ll where ll.link_id = links.id)`.mapWith(Number),
    commentsCount: sql<number>`(select count(*) from link_comments lc where lc.link_id = links.id)`.mapWith(
      Number,
    ),
    likedByViewer:
      sql<boolean>`exists (select 1 from link_likes ll where ll.link_id = links.id and ll.user_id = ${viewerId})`.mapWith(
        Boolean,
      ),
    viewerFollowsOwner:
      sql<boolean>`exists (select 1 from follows f where f.followee_id = links.user_id and f.follower_id = ${viewerId})`.mapWith(
        Boolean,
      ),
  };
}

function selectLinks(db: DbOrTx, viewerId: string, withContent = false) {
  return db
    .select(linkFields(viewerId, withContent))
    .from(links)
    .innerJoin(users, eq(users.id, links.userId));
}

export type LinkRow = Awaited<ReturnType<typeof listLinkTimeline>>[number];

/** One link with the viewer's facts and its Markdown, whether or not the viewer may see it (the caller decides). */
export async function findLinkForViewer(
  db: DbOrTx,
  linkId: string,
  viewerId: string,
): Promise<LinkRow | null> {
  const [row] = await selectLinks(db, viewerId, true).where(eq(links.id, linkId)).limit(1);
  return row ?? null;
}

export interface LinkTimelineFilter {
  viewerId: string;
  cursor: Cursor | null;
  limit: number;
}

/**
 * A page of the links the viewer may see, newest first, `limit + 1` rows so the caller knows
 * whether a next page exists (links_created_idx, keyset on (created_at, id)).
 */
export async function listLinkTimeline(db: DbOrTx, filter: LinkTimelineFilter) {
  const conditions: SQL[] = [visibleLinksCondition(filter.viewerId)];
  if (filter.cursor) {
    conditions.push(
      sql`(${links.createdAt}, ${links.id}) < (${filter.cursor.at}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  return selectLinks(db, filter.viewerId)
    .where(and(...conditions))
    .orderBy(desc(links.createdAt), desc(links.id))
    .limit(filter.limit + 1);
}

/** Earlier shares of the same page that the viewer may see, newest first (links_normalized_url_idx). */
export async function listEarlierShares(
  db: DbOrTx,
  filter: { viewerId: string; normalizedUrl: string; exceptId: string; limit: number },
) {
  return selectLinks(db, filter.viewerId)
    .where(
      and(
        eq(links.normalizedUrl, filter.normalizedUrl),
        ne(links.id, filter.exceptId),
        visibleLinksCondition(filter.viewerId),
      ),
    )
    .orderBy(desc(links.createdAt), desc(links.id))
    .limit(filter.limit);
}

export async function insertLink(
  db: DbOrTx,
  values: {
    userId: string;
    url: string;
    normalizedUrl: string;
    domain: string;
    comment: string | null;
    visibility: LinkVisibility;
  },
) {
  const [row] = await db
    .insert(links)
    // Millisecond precision from the app clock keeps cursors exact even for clients that round.
    .values({ ...values, status: 'pending', createdAt: new Date() })
    .returning({ id: links.id });
  return row!;
}

export async function deleteLink(db: DbOrTx, linkId: string) {
  await db.delete(links).where(eq(links.id, linkId));
}
