// Correlated subqueries name outer columns literally (see posts.repo.ts for why).
import { and, eq, sql } from 'drizzle-orm';
import type { FileType, GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { files, users } from '../../db/schema';
import { notBlockedCondition, readableMessagesCondition } from '../../policies/visibility';

export type FileRow = typeof files.$inferSelect;

export async function insertPendingFile(
  db: DbOrTx,
  values: { id: string; userId: string; name: string; fileType: FileType; storageKey: string },
): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

/** The member's own file, or null (another member's file is as good as missing). */
export async function findOwnFile(db: DbOrTx, fileId: string, userId: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Bytes the member keeps stored: what the quota counts. */
export async function storedBytes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${files.fileSize}), 0)`.mapWith(Number) })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.status, 'uploaded')));
  return row?.total ?? 0;
}

export interface UploadedValues {
  storageKey: string;
  thumbnailKey: string | null;
  contentType: string;
  fileSize: number;
  width: number | null;
  height: number | null;
  lastModified: Date | null;
}

/** Pending → uploaded, once: null when another request completed it first. */
export async function markUploaded(db: DbOrTx, fileId: string, values: UploadedValues) {
  const now = new Date();
  const [row] = await db
    .update(files)
    .set({ ...values, status: 'uploaded', uploadedAt: now, updatedAt: now })
    .where(and(eq(files.id, fileId), eq(files.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Any file by id, whoever owns it (for the worker). */
export async function findFileById(db: DbOrTx, fileId: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  return row ?? null;
}

/** What the worker learnt of a video (files.video.ts): length, picture size and poster. */
export async function setVideoFacts(
  db: DbOrTx,
  fileId: string,
  values: {
    durationMs: number | null;
    width: number | null;
    height: number | null;
    posterKey: string | null;
  },
) {
  await db
    .update(files)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(files.id, fileId), eq(files.status, 'uploaded')));
}

export async function setAvatar(db: DbOrTx, userId: string, fileId: string | null) {
  await db.update(users).set({ avatarFileId: fileId, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The post holding a file: the one whose `post_files` list it (ADR 048), or, for a row written
 * before that list, the one whose `file_id` it is. Written as a `with` so each question below reads
 * the same rows.
 */
const HOLDING_POST = sql.raw(`with holding as (
  select pf.post_id as id from post_files pf where pf.file_id = files.id
  union select p0.id from posts p0 where p0.file_id = files.id
)`);
const HELD = sql.raw('from holding h join posts p on p.id = h.id where true');
const HELD_IN_GROUP = sql.raw(
  'from holding h join posts p on p.id = h.id join group_roles gr on gr.group_id = p.group_id where true',
);

/**
 * A file with the facts that decide who may see it: whether it is someone's current avatar, the
 * post holding it (its group, whether it is published) and the viewer's role in that post's group.
 */
export async function findFileWithAudience(db: DbOrTx, fileId: string, viewerId: string | null) {
  const [row] = await db
    .select({
      file: files,
      isAvatar: sql<boolean>`exists (select 1 from users u where u.avatar_file_id = files.id)`.mapWith(
        Boolean,
      ),
      isGroupPicture:
        sql<boolean>`exists (select 1 from groups g where g.picture_file_id = files.id)`.mapWith(Boolean),
      postId: sql<string | null>`(${HOLDING_POST} select p.id ${HELD} limit 1)`,
      postGroupId: sql<string | null>`(${HOLDING_POST} select p.group_id ${HELD} limit 1)`,
      isPublished: sql<boolean>`exists (
        ${HOLDING_POST} select 1 ${HELD} and exists (select 1 from public_posts pp where pp.post_id = p.id)
      )`.mapWith(Boolean),
      viewerRole: viewerId
        ? sql<GroupRole | null>`(
            ${HOLDING_POST} select gr.role ${HELD_IN_GROUP} and gr.user_id = ${viewerId} limit 1
          )`
        : sql<GroupRole | null>`null`,
      /** The message holding it (ADR 060): only those who may read that message see its files. */
      messageId: sql<string | null>`(select mf.message_id from message_files mf where mf.file_id = files.id)`,
      messageReadable: viewerId
        ? sql<boolean>`exists (
            select 1 from message_files mf join messages on messages.id = mf.message_id
            where mf.file_id = files.id and messages.deleted_at is null
              and ${readableMessagesCondition(viewerId)}
          )`.mapWith(Boolean)
        : sql<boolean>`false`.mapWith(Boolean),
      /** The viewer and the post's author block one another (ARCHITECTURE.md: blocks hide). */
      blockedWithViewer: viewerId
        ? sql<boolean>`exists (
            ${HOLDING_POST} select 1 ${HELD} and not ${notBlockedCondition(viewerId, sql.raw('p.user_id'))}
          )`.mapWith(Boolean)
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  return row ?? null;
}

export type FileWithAudience = NonNullable<Awaited<ReturnType<typeof findFileWithAudience>>>;

/**
 * Deletes up to `limit` files nobody needs, returning their ids: pending since before `cutoff`
 * (never completed), or uploaded before `cutoff` and held by no post, no message, no member's
 * avatar nor any group's picture (never attached, or left behind by a deleted post or a replaced picture).
 */
export async function deleteAbandonedFiles(db: DbOrTx, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .delete(files)
    .where(
      sql`${files.id} in (
        select f.id from files f
        where (f.status = 'pending' and f.created_at < ${cutoff.toISOString()})
           or (f.status = 'uploaded' and coalesce(f.uploaded_at, f.created_at) < ${cutoff.toISOString()}
               and not exists (select 1 from posts p where p.file_id = f.id)
               and not exists (select 1 from post_files pf where pf.file_id = f.id)
               and not exists (select 1 from message_files mf where mf.file_id = f.id)
               and not exists (select 1 from users u where u.avatar_file_id = f.id)
               and not exists (select 1 from groups g where g.picture_file_id = f.id))
        limit ${limit}
      )`,
    )
    .returning({ id: files.id });
  return rows.map((row) => row.id);
}

/** Files completed between `from` and `to`: their upload URLs have expired since. */
export async function listCompletedBetween(db: DbOrTx, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.status, 'uploaded'),
        // created_at bounds the scan (files_status_created_idx): an upload URL is asked for first.
        sql`${files.createdAt} >= ${new Date(from.getTime() - 24 * 3600_000).toISOString()}`,
        sql`${files.uploadedAt} between ${from.toISOString()} and ${to.toISOString()}`,
      ),
    );
  return rows.map((row) => row.id);
}
