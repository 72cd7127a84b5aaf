import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, groups, posts, publicPosts, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { sharedPostColumns } from '../posts/posts.repo';
import { literalLimit } from '../../db/literal-limit';

/** A publication time as exact ISO text (microseconds kept) for keyset cursors. */
const exactPublishedAt = sql<string>`to_char(${publicPosts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The keyset condition: publications strictly after the cursor in (created_at desc, id desc) order. */
function afterCursor(cursor: Cursor): SQL {
  return sql`(${publicPosts.createdAt}, ${publicPosts.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

// ---------------------------------------------------------------------------------------------
// The member's own publications.

export async function insertPublicPost(db: DbOrTx, values: { postId: string; userId: string; slug: string }) {
  const [row] = await db
    .insert(publicPosts)
    // Millisecond precision from the app clock keeps cursors exact even for clients that round.
    .values({ ...values, createdAt: new Date() })
    .returning({ id: publicPosts.id });
  return row!;
}

/** Whether a slug is taken (by anyone). */
export async function slugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: publicPosts.id })
    .from(publicPosts)
    .where(eq(publicPosts.slug, slug))
    .limit(1);
  return Boolean(row);
}

function selectOwnPublicPosts(db: DbOrTx) {
  return db
    .select({
      id: publicPosts.id,
      slug: publicPosts.slug,
      postId: publicPosts.postId,
      createdAt: publicPosts.createdAt,
      createdAtExact: exactPublishedAt,
      tldr: posts.tldr,
    })
    .from(publicPosts)
    .innerJoin(posts, eq(posts.id, publicPosts.postId));
}

export type PublicPostRow = NonNullable<Awaited<ReturnType<typeof findOwnPublicPost>>>;

export async function findOwnPublicPost(db: DbOrTx, publicPostId: string, userId: string) {
  const [row] = await selectOwnPublicPosts(db)
    .where(and(eq(publicPosts.id, publicPostId), eq(publicPosts.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A page of the member's publications, newest first, `limit + 1` rows (public_posts_user_created_idx). */
export async function listOwnPublicPosts(
  db: DbOrTx,
  filter: { userId: string; cursor: Cursor | null; limit: number },
) {
  const conditions: SQL[] = [eq(publicPosts.userId, filter.userId)];
  if (filter.cursor) conditions.push(afterCursor(filter.cursor));
  return selectOwnPublicPosts(db)
    .where(and(...conditions))
    .orderBy(desc(publicPosts.createdAt), desc(publicPosts.id))
    .limit(literalLimit(filter.limit + 1));
}

/** Who published a publication (for the unpublish policy), or null when there is none. */
export async function findPublicPostOwner(db: DbOrTx, publicPostId: string) {
  const [row] = await db
    .select({ id: publicPosts.id, userId: publicPosts.userId })
    .from(publicPosts)
    .where(eq(publicPosts.id, publicPostId))
    .limit(1);
  return row ?? null;
}

export async function deletePublicPost(db: DbOrTx, publicPostId: string) {
  await db.delete(publicPosts).where(eq(publicPosts.id, publicPostId));
}

// ---------------------------------------------------------------------------------------------
// What visitors see. No viewer: nothing here depends on who asks.

/**
 * The columns of a published post. `id`/`createdAt` are the publication's (the keyset), the post's
 * own are `postId`/`postCreatedAt`; the rest are the columns members see too.
 */
function publishedFields() {
  return {
    id: publicPosts.id,
    createdAt: publicPosts.createdAt,
    createdAtExact: exactPublishedAt,
    slug: publicPosts.slug,
    postId: posts.id,
    postCreatedAt: posts.createdAt,
    ...sharedPostColumns(),
  };
}

function selectPublished(db: DbOrTx) {
  return db
    .select(publishedFields())
    .from(publicPosts)
    .innerJoin(posts, eq(posts.id, publicPosts.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(groups, eq(groups.id, posts.groupId))
    .leftJoin(files, eq(files.id, posts.fileId));
}

export type PublishedRow = Awaited<ReturnType<typeof publishedQuery>>[number];

export interface PublishedFilter {
  groupId?: string | null;
  profileId?: string | null;
  cursor: Cursor | null;
  limit: number;
}

/**
 * A page of published posts, newest publication first, `limit + 1` rows. A keyset walk of
 * public_posts_created_idx (public_posts_user_created_idx for one profile), each row joined to its
 * post by primary key; the plan is checked in public-posts.plan.api.test.ts.
 */
export function publishedQuery(db: DbOrTx, filter: PublishedFilter) {
  const conditions: SQL[] = [];
  if (filter.groupId) conditions.push(eq(posts.groupId, filter.groupId));
  if (filter.profileId) conditions.push(eq(publicPosts.userId, filter.profileId));
  if (filter.cursor) conditions.push(afterCursor(filter.cursor));
  return selectPublished(db)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(publicPosts.createdAt), desc(publicPosts.id))
    .limit(literalLimit(filter.limit + 1));
}

export async function listPublished(db: DbOrTx, filter: PublishedFilter): Promise<PublishedRow[]> {
  return publishedQuery(db, filter);
}

/** One published post by its post id or by its slug; null when it is not published. */
export async function findPublished(
  db: DbOrTx,
  key: { postId: string } | { slug: string },
): Promise<PublishedRow | null> {
  const condition = 'postId' in key ? eq(posts.id, key.postId) : eq(publicPosts.slug, key.slug);
  const [row] = await selectPublished(db).where(condition).limit(1);
  return row ?? null;
}

/** A group with at least one published post (what a visitor may know of it), or null. */
export async function findPublicGroup(db: DbOrTx, groupId: string) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(
      and(
        eq(groups.id, groupId),
        sql`exists (select 1 from posts gp join public_posts gpp on gpp.post_id = gp.id where gp.group_id = groups.id)`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A member with at least one published post (what a visitor may know of them), or null. */
export async function findPublicProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(users)
    .where(
      and(eq(users.id, userId), sql`exists (select 1 from public_posts upp where upp.user_id = users.id)`),
    )
    .limit(1);
  return row ?? null;
}
