import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { GroupRole, LinkVisibility } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { links, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import {
  notBlockedCondition,
  publishedLinksCondition,
  visibleLinksCondition,
} from '../../policies/visibility';
import { literalLimit } from '../../db/literal-limit';

/** A timestamp as exact ISO text (microseconds kept) for keyset cursors. */
const exactCreatedAt = sql<string>`to_char(${links.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The columns of a link anyone who may see it sees, with its author and counts. Counts are
 * correlated subqueries, evaluated only for the rows a page returns. Outer columns are written
 * `links.id` literally so a subquery never binds them to its own table. The Markdown is selected
 * only when asked (`withContent`): lists never carry whole pages.
 */
function sharedLinkFields(withContent: boolean) {
  return {
    id: links.id,
    userId: links.userId,
    url: links.url,
    normalizedUrl: links.normalizedUrl,
    domain: links.domain,
    comment: links.comment,
    visibility: links.visibility,
    groupId: links.groupId,
    /** The name of the group a `group` link is shared into (null otherwise). */
    groupName: sql<string | null>`(select g.name from groups g where g.id = links.group_id)`,
    status: links.status,
    step: links.step,
    error: links.error,
    errorRetryable: links.errorRetryable,
    title: links.title,
    sentenceSummary: links.sentenceSummary,
    paragraphSummary: links.paragraphSummary,
    markdownContent: withContent ? links.markdownContent : sql<string | null>`null`,
    leadImageKey: links.leadImageKey,
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
  };
}

/** What a member sees of a link: the shared columns and the viewer's facts. */
function linkFields(viewerId: string, withContent: boolean) {
  return {
    ...sharedLinkFields(withContent),
    likedByViewer:
      sql<boolean>`exists (select 1 from link_likes ll where ll.link_id = links.id and ll.user_id = ${viewerId})`.mapWith(
        Boolean,
      ),
    viewerFollowsOwner:
      sql<boolean>`exists (select 1 from follows f where f.followee_id = links.user_id and f.follower_id = ${viewerId})`.mapWith(
        Boolean,
      ),
    /** The viewer's role in the link's group (null when not a member, or no group). */
    viewerGroupRole: sql<GroupRole | null>`(select gr.role from group_roles gr where gr.group_id = links.group_id and gr.user_id = ${viewerId})`,
    viewerBlockedWithOwner:
      sql<boolean>`(not ${notBlockedCondition(viewerId, sql.raw('links.user_id'))})`.mapWith(Boolean),
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
  /** Only the links shared into this group (its timeline, ADR 046). */
  groupId?: string;
}

/**
 * A page of the links the viewer may see, newest first, `limit + 1` rows so the caller knows
 * whether a next page exists (links_created_idx, or links_group_created_idx for one group's links;
 * keyset on (created_at, id)).
 */
export async function listLinkTimeline(db: DbOrTx, filter: LinkTimelineFilter) {
  const conditions: SQL[] = [visibleLinksCondition(filter.viewerId)];
  if (filter.groupId) conditions.push(eq(links.groupId, filter.groupId));
  if (filter.cursor) {
    conditions.push(
      sql`(${links.createdAt}, ${links.id}) < (${filter.cursor.at}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  return selectLinks(db, filter.viewerId)
    .where(and(...conditions))
    .orderBy(desc(links.createdAt), desc(links.id))
    .limit(literalLimit(filter.limit + 1));
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
    .limit(literalLimit(filter.limit));
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
    groupId: string | null;
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

// ---------------------------------------------------------------------------------------------
// What visitors see (the explore pages). No viewer: nothing here depends on who asks.

function selectPublishedLinks(db: DbOrTx, withContent: boolean) {
  return db.select(sharedLinkFields(withContent)).from(links).innerJoin(users, eq(users.id, links.userId));
}

export type PublishedLinkRow = Awaited<ReturnType<typeof listPublishedLinks>>[number];

/**
 * A page of published, read links, newest first, `limit + 1` rows (links_published_created_idx).
 * The cursor only moves the keyset: whatever it names, the visitor rule stays in the query.
 */
export async function listPublishedLinks(db: DbOrTx, filter: { cursor: Cursor | null; limit: number }) {
  const conditions: SQL[] = [publishedLinksCondition()];
  if (filter.cursor) {
    conditions.push(
      sql`(${links.createdAt}, ${links.id}) < (${filter.cursor.at}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  return selectPublishedLinks(db, false)
    .where(and(...conditions))
    .orderBy(desc(links.createdAt), desc(links.id))
    .limit(literalLimit(filter.limit + 1));
}

/** One published, read link with its Markdown; null for any other link (or none). */
export async function findPublishedLink(db: DbOrTx, linkId: string): Promise<PublishedLinkRow | null> {
  const [row] = await selectPublishedLinks(db, true)
    .where(and(eq(links.id, linkId), publishedLinksCondition()))
    .limit(1);
  return row ?? null;
}
