import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { files, groups, postFiles, posts, publicPosts, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { notBlockedCondition, notIgnoredCondition, visiblePostsCondition } from '../../policies/visibility';
import { literalLimit } from '../../db/literal-limit';
import { readingPosts } from '../../db/read-cache';
import type { ReactionSummary } from '../../../shared/api/reactions';
import { reactionSummarySql } from '../reactions/reactions.repo';
import { pollsOfPosts, type PollRow } from '../polls/polls.repo';

/** A timestamp as exact ISO text (microseconds kept) for keyset cursors. */
const exactCreatedAt = sql<string>`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One file of a post as `postFilesColumn` reads it (JSON, so keys are as built there). */
export interface PostFileRow {
  id: string;
  position: number;
  name: string;
  contentType: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  alt: string;
  /** A video's length and whether its poster was taken (files.video.ts); null and false otherwise. */
  durationMs: number | null;
  hasPoster: boolean;
}

/**
 * Every file of the post as one JSON column: a correlated subquery on post_files' primary key, so
 * the statement names `post_files` and `files` and a kept page or post is dropped when a file is
 * added, described or removed (ADR 042). Each carries its position and the presenter puts them in
 * order: at most 20 per post, and the timeline's plan keeps no sort at all.
 * `posts.id` is written literally, as in `sharedPostColumns`.
 */
const postFilesColumn = sql<PostFileRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', pf_file.id, 'position', pf.position, 'name', pf_file.name,
    'contentType', pf_file.content_type, 'size', pf_file.file_size,
    'width', pf_file.width, 'height', pf_file.height, 'alt', pf.alt,
    'durationMs', pf_file.duration_ms, 'hasPoster', pf_file.poster_key is not null
  ))
  from post_files pf join files pf_file on pf_file.id = pf.file_id
  where pf.post_id = posts.id
), '[]'::json)`;

/**
 * The columns of a post that members and visitors both see: author, group, attachment and counts.
 * The counts are the post's counter columns (kept by triggers, see the schema), not counted per
 * read. Outer columns are written `posts.id`, not `${posts.id}`: in a
 * select list Drizzle may leave an interpolated column unqualified, and the subquery would then
 * bind it to its own table. The post's id and creation time are left to the caller, whose row may
 * be keyed by something else (a publication).
 */
export function sharedPostColumns() {
  return {
    tldr: posts.tldr,
    content: posts.content,
    userId: posts.userId,
    groupId: posts.groupId,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarFileId: users.avatarFileId,
    groupName: groups.name,
    eventId: posts.eventId,
    datePollId: posts.datePollId,
    fileId: files.id,
    fileName: files.name,
    fileContentType: files.contentType,
    fileSize: files.fileSize,
    fileWidth: files.width,
    fileHeight: files.height,
    fileDurationMs: files.durationMs,
    filePosterKey: files.posterKey,
    files: postFilesColumn,
    likesCount: posts.likesCount,
    commentsCount: posts.commentsCount,
  };
}

/** Whether the post is pinned in its group (`group_pins`' primary key is the post). */
const pinnedSql = sql<boolean>`exists (select 1 from group_pins gpin where gpin.post_id = posts.id)`.mapWith(
  Boolean,
);

/** What the viewer's relation to a post is: whether a block stands between them, and their role in its group. */
function viewerFacts(viewerId: string) {
  return {
    /** The author blocked the viewer or the viewer blocked the author (the post is then not found). */
    blockedWithViewer: sql<boolean>`not ${notBlockedCondition(viewerId, sql.raw('posts.user_id'))}`.mapWith(
      Boolean,
    ),
    viewerRole: sql<GroupRole | null>`(select gr.role from group_roles gr where gr.group_id = posts.group_id and gr.user_id = ${viewerId})`,
  };
}

/** The columns every member's post response needs: the shared ones plus the viewer's facts. */
function postFields(viewerId: string) {
  return {
    id: posts.id,
    createdAt: posts.createdAt,
    createdAtExact: exactCreatedAt,
    editedAt: posts.editedAt,
    ...sharedPostColumns(),
    publicPostId: publicPosts.id,
    publicSlug: publicPosts.slug,
    likedByViewer:
      sql<boolean>`exists (select 1 from post_likes pl where pl.post_id = posts.id and pl.user_id = ${viewerId})`.mapWith(
        Boolean,
      ),
    ignoredByViewer:
      sql<boolean>`exists (select 1 from post_ignores pi where pi.post_id = posts.id and pi.user_id = ${viewerId})`.mapWith(
        Boolean,
      ),
    ...viewerFacts(viewerId),
    /**
     * Pinned in its group (ADR 043). Read with the counts (`postCounts`), by post: a pin or an unpin
     * changes only the cards of that post, never a whole kept page (ADR 056).
     */
    pinned: pinnedSql,
    /** The reactions as the viewer sees them (ADR 044): they change often, so they go with the counts. */
    reactions: reactionSummarySql('post_reactions', sql.raw('posts.id'), viewerId),
  };
}

export type PostRow = NonNullable<Awaited<ReturnType<typeof findPostForViewer>>>;
/** A post row without its counts, the viewer's like, its reactions and its pin (`stillPostFields`). */
export type StillPostRow = NonNullable<Awaited<ReturnType<typeof findStillPostForViewer>>>;
/** What `sharedPostColumns` reads into a row. */
export type SharedPostColumns = Pick<PostRow, keyof ReturnType<typeof sharedPostColumns>>;

/**
 * `postFields` but for what changes on every like, comment, reaction and pin (the counts, the
 * viewer's like, the reactions, the pin), which `postCounts` reads: a kept answer built from these
 * is not dropped by a like, a reaction or a pin (ADR 042, ADR 044, ADR 056).
 */
function stillPostFields(viewerId: string) {
  const {
    likesCount: _likes,
    commentsCount: _comments,
    likedByViewer: _liked,
    reactions: _reactions,
    pinned: _pinned,
    ...fields
  } = postFields(viewerId);
  return fields;
}

/**
 * The joins every post query makes: author, group, attachment and publication. Dynamic, so one
 * function serves both selections; the columns each query answers are its own `select`'s.
 */
function withPostDetails<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(groups, eq(groups.id, posts.groupId))
    .leftJoin(files, eq(files.id, posts.fileId))
    .leftJoin(publicPosts, eq(publicPosts.postId, posts.id));
}

/** The posts with their author, group, attachment and publication (one join each). */
function selectPosts(db: DbOrTx, viewerId: string) {
  return withPostDetails(db.select(postFields(viewerId)).from(posts).$dynamic());
}

/** `selectPosts` without the counts and the viewer's like (the same joins). */
function selectStillPosts(db: DbOrTx, viewerId: string) {
  return withPostDetails(db.select(stillPostFields(viewerId)).from(posts).$dynamic());
}

/** One post with the viewer's facts, whether or not the viewer may see it (the caller decides). */
export async function findPostForViewer(db: DbOrTx, postId: string, viewerId: string) {
  const [row] = await selectPosts(db, viewerId).where(eq(posts.id, postId)).limit(1);
  return row ?? null;
}

/** `findPostForViewer` without the counts, the viewer's like and the pin, which `postCounts` reads. */
export async function findStillPostForViewer(db: DbOrTx, postId: string, viewerId: string) {
  const [row] = await selectStillPosts(db, viewerId).where(eq(posts.id, postId)).limit(1);
  return row ?? null;
}

/**
 * What deciding whether the viewer may see a post, and act on it, needs: its author, its group and
 * the viewer's facts, without its text, files or counts (a like, a comment, a page of comments).
 * Whether the viewer may see it is the caller's to decide, as with `findPostForViewer`.
 */
export async function findPostScopeForViewer(db: DbOrTx, postId: string, viewerId: string) {
  const [row] = await db
    .select({ id: posts.id, userId: posts.userId, groupId: posts.groupId, ...viewerFacts(viewerId) })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row ?? null;
}

/** A post as `findPostScopeForViewer` reads it. */
export type PostScopeRow = NonNullable<Awaited<ReturnType<typeof findPostScopeForViewer>>>;

export interface TimelineFilter {
  viewerId: string;
  groupId?: string | null;
  authorId?: string | null;
  /** Only the posts that bring photos of this event (its page's Photos, ADR 057). */
  photosOfEventId?: string | null;
  cursor: Cursor | null;
  limit: number;
}

/** The keyset condition: rows strictly after the cursor in (created_at desc, id desc) order. */
function afterCursor(cursor: Cursor): SQL {
  return sql`(${posts.createdAt}, ${posts.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * A page of posts the viewer may see and has not ignored, newest first, `limit + 1` rows so the
 * caller knows whether a next page exists. Served by posts_created_idx, posts_group_created_idx or
 * posts_user_created_idx depending on the filter (the plan is checked in posts.plan.api.test.ts).
 * It reads neither the counters nor the likes (`postCounts` does, per request), so a like or a
 * comment anywhere leaves a kept page as it is (ADR 042).
 */
export function timelineQuery(db: DbOrTx, filter: TimelineFilter) {
  const conditions: SQL[] = [
    visiblePostsCondition(filter.viewerId),
    notIgnoredCondition(filter.viewerId),
    notBlockedCondition(filter.viewerId, posts.userId),
  ];
  if (filter.groupId) conditions.push(eq(posts.groupId, filter.groupId));
  if (filter.authorId) conditions.push(eq(posts.userId, filter.authorId));
  if (filter.photosOfEventId) conditions.push(eq(posts.photosOfEventId, filter.photosOfEventId));
  if (filter.cursor) conditions.push(afterCursor(filter.cursor));
  return db
    .select(stillPostFields(filter.viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(groups, eq(groups.id, posts.groupId))
    .leftJoin(files, eq(files.id, posts.fileId))
    .leftJoin(publicPosts, eq(publicPosts.postId, posts.id))
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(literalLimit(filter.limit + 1));
}

/** A group's posts with photos or videos, for its album: the timeline's rules, keyset and index. */
export function groupPhotoPostsQuery(
  db: DbOrTx,
  filter: { viewerId: string; groupId: string; cursor: Cursor | null; limit: number },
) {
  const conditions: SQL[] = [
    visiblePostsCondition(filter.viewerId),
    notIgnoredCondition(filter.viewerId),
    notBlockedCondition(filter.viewerId, posts.userId),
    eq(posts.groupId, filter.groupId),
    sql`exists (
      select 1 from post_files pf join files pf_image on pf_image.id = pf.file_id
      where pf.post_id = posts.id
        and (pf_image.content_type like 'image/%' or pf_image.content_type like 'video/%')
    )`,
  ];
  if (filter.cursor) conditions.push(afterCursor(filter.cursor));
  return db
    .select({
      id: posts.id,
      createdAt: posts.createdAt,
      createdAtExact: exactCreatedAt,
      tldr: posts.tldr,
      files: postFilesColumn,
    })
    .from(posts)
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(literalLimit(filter.limit + 1));
}

/**
 * A post's counts, whether the viewer liked it, its reactions and whether it is pinned: what
 * changes on every like, comment, reaction and pin.
 */
export interface PostCounts {
  likesCount: number;
  commentsCount: number;
  likedByViewer: boolean;
  reactions: ReactionSummary[];
  pinned: boolean;
  /** Its poll with every count and the viewer's part (ADR 058); the presenter hides what it must. */
  poll: PollRow | null;
}

/** The counts of these posts for this viewer, by post id (one indexed look-up each). */
export async function postCounts(
  db: DbOrTx,
  viewerId: string,
  ids: string[],
): Promise<Map<string, PostCounts>> {
  if (ids.length === 0) return new Map();
  // Only these posts' likes, reactions, pins and counters: a like, a reaction or a pin of another
  // post keeps a kept answer of these (ADR 042, ADR 056).
  const rows = await readingPosts(ids, () =>
    db
      .select({
        id: posts.id,
        likesCount: posts.likesCount,
        commentsCount: posts.commentsCount,
        likedByViewer:
          sql<boolean>`exists (select 1 from post_likes pl where pl.post_id = posts.id and pl.user_id = ${viewerId})`.mapWith(
            Boolean,
          ),
        reactions: reactionSummarySql('post_reactions', sql.raw('posts.id'), viewerId),
        pinned: pinnedSql,
        // Few posts carry a poll: the polls are read only for those, not for every page (issue 26).
        hasPoll: sql<boolean>`exists (select 1 from post_polls pp where pp.post_id = posts.id)`.mapWith(
          Boolean,
        ),
      })
      .from(posts)
      .where(inArray(posts.id, ids)),
  );
  // Votes change a poll as likes change the counts, so it is read here, apart from the kept posts,
  // and only these posts' poll rows: a vote on another post's poll keeps these counts (ADR 058). A
  // poll is written with its post, so a post read without one never gains one: few posts carry one,
  // and the polls are read only for those (issue 26).
  const withPoll = rows.filter((row) => row.hasPoll).map((row) => row.id);
  const polls = await readingPosts(withPoll, () => pollsOfPosts(db, viewerId, withPoll));
  return new Map(
    rows.map(({ id, hasPoll: _hasPoll, ...counts }) => [id, { ...counts, poll: polls.get(id) ?? null }]),
  );
}

/**
 * The posts with these ids, in the order given, with author, group and counts: search ranks ids
 * first and joins only the page it returns. The visibility rule is applied again here all the same.
 */
export async function listPostsByIds(db: DbOrTx, viewerId: string, ids: string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return inOrderOf(ids, await selectPosts(db, viewerId).where(visibleAmong(viewerId, ids)));
}

/** `listPostsByIds` without the counts, the viewer's likes and the pins, which `postCounts` reads. */
export async function listStillPostsByIds(
  db: DbOrTx,
  viewerId: string,
  ids: string[],
): Promise<StillPostRow[]> {
  if (ids.length === 0) return [];
  return inOrderOf(ids, await selectStillPosts(db, viewerId).where(visibleAmong(viewerId, ids)));
}

function visibleAmong(viewerId: string, ids: string[]): SQL | undefined {
  return and(
    inArray(posts.id, ids),
    visiblePostsCondition(viewerId),
    notIgnoredCondition(viewerId),
    notBlockedCondition(viewerId, posts.userId),
  );
}

function inOrderOf<Row extends { id: string }>(ids: string[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertPost(
  db: DbOrTx,
  values: {
    userId: string;
    groupId: string | null;
    tldr: string;
    content: string;
    fileId: string | null;
    /** The event the post is the card of (ADR 057). */
    eventId?: string | null;
    /** The event the post brings photos of, afterwards (ADR 057). */
    photosOfEventId?: string | null;
    /** The date poll the post is the card of (ADR 057). */
    datePollId?: string | null;
  },
) {
  const [row] = await db
    .insert(posts)
    // Millisecond precision from the app clock keeps cursors exact even for clients that round.
    .values({ ...values, createdAt: new Date() })
    .returning({ id: posts.id });
  return row!;
}

/** The author's edit: title and content change, `edited_at` records when. */
export async function updatePostText(db: DbOrTx, postId: string, values: { tldr: string; content: string }) {
  await db
    .update(posts)
    .set({ ...values, editedAt: new Date() })
    .where(eq(posts.id, postId));
}

export async function deletePost(db: DbOrTx, postId: string) {
  await db.delete(posts).where(eq(posts.id, postId));
}

/**
 * Of these file ids, the ones this member may attach: theirs, uploaded, post attachments, and on no
 * post yet (`post_files_file_idx` also refuses a second post at commit, whatever raced).
 */
export async function findAttachableFiles(db: DbOrTx, fileIds: string[], userId: string) {
  if (fileIds.length === 0) return [];
  return db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, fileIds),
        eq(files.userId, userId),
        eq(files.status, 'uploaded'),
        eq(files.fileType, 'post_attachment'),
        sql`not exists (select 1 from post_files pf where pf.file_id = ${files.id})`,
        sql`not exists (select 1 from posts p where p.file_id = ${files.id})`,
      ),
    );
}

/** A new post's files, in order, each with its description. */
export async function insertPostFiles(db: DbOrTx, postId: string, items: { fileId: string; alt: string }[]) {
  if (items.length === 0) return;
  await db
    .insert(postFiles)
    .values(items.map((item, position) => ({ postId, fileId: item.fileId, position, alt: item.alt })));
}

/** The author describes one file of their post; false when the post holds no such file. */
export async function updatePostFileAlt(db: DbOrTx, postId: string, fileId: string, alt: string) {
  const rows = await db
    .update(postFiles)
    .set({ alt })
    .where(and(eq(postFiles.postId, postId), eq(postFiles.fileId, fileId)))
    .returning({ fileId: postFiles.fileId });
  return rows.length > 0;
}
