// Correlated subqueries name outer columns literally (see posts.repo.ts for why).
import { and, eq, sql } from 'drizzle-orm';
import type { FileType, GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { files, users } from '../../db/schema';

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
      postId: sql<string | null>`(select p.id from posts p where p.file_id = files.id limit 1)`,
      postGroupId: sql<string | null>`(select p.group_id from posts p where p.file_id = files.id limit 1)`,
      isPublished: sql<boolean>`exists (
        select 1 from posts p join public_posts pp on pp.post_id = p.id where p.file_id = files.id
      )`.mapWith(Boolean),
      viewerRole: viewerId
        ? sql<GroupRole | null>`(
            select gr.role from posts p join group_roles gr on gr.group_id = p.group_id
            where p.file_id = files.id and gr.user_id = ${viewerId} limit 1
          )`
        : sql<GroupRole | null>`null`,
    })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  return row ?? null;
}

export type FileWithAudience = NonNullable<Awaited<ReturnType<typeof findFileWithAudience>>>;

/**
 * Deletes up to `limit` files nobody needs, returning their ids: pending since before `cutoff`
 * (never completed), or uploaded before `cutoff` and held by no post and no member's avatar
 * nor any group's picture (never attached, or left behind by a deleted post or a replaced picture).
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
