// Correlated subqueries name outer columns literally (see posts.repo.ts for why).
import { and, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { followRelation } from '../follows/follows.repo';

/** A member's profile as one viewer sees it: follow counts and who follows whom. */
function profileFields(viewerId: string) {
  return {
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    about: users.about,
    location: users.location,
    avatarFileId: users.avatarFileId,
    createdAt: users.createdAt,
    followersCount: sql<number>`(select count(*) from follows f where f.followee_id = users.id)`.mapWith(
      Number,
    ),
    followingCount: sql<number>`(select count(*) from follows f where f.follower_id = users.id)`.mapWith(
      Number,
    ),
    ...followRelation(viewerId),
  };
}

/** Confirmed members only: an unconfirmed sign-up has no profile yet. */
export async function findProfile(db: DbOrTx, userId: string, viewerId: string) {
  const [row] = await db
    .select(profileFields(viewerId))
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.confirmedAt)))
    .limit(1);
  return row ?? null;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function memberExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.confirmedAt)))
    .limit(1);
  return Boolean(row);
}

export async function isUsernameTaken(db: DbOrTx, username: string, exceptId: string): Promise<boolean> {
  const conditions: SQL[] = [sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptId)];
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export interface ProfilePatch {
  about?: string | null;
  location?: string | null;
  username?: string;
  firstName?: string | null;
  lastName?: string | null;
  timeZone?: string | null;
  locale?: string | null;
}

export async function updateProfile(db: DbOrTx, userId: string, patch: ProfilePatch) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function clearAvatar(db: DbOrTx, userId: string) {
  await db.update(users).set({ avatarFileId: null, updatedAt: new Date() }).where(eq(users.id, userId));
}
