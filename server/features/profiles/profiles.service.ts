import type { UpdateProfileBody } from '../../../shared/api/profiles';
import type { DbOrTx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { invalidField, notFound } from '../../http/errors';
import {
  clearAvatar,
  findProfile,
  isUsernameTaken,
  type ProfilePatch,
  type ProfileRow,
  updateProfile,
} from './profiles.repo';

const USERNAME_TAKEN = 'has already been taken';

export async function loadProfile(db: DbOrTx, userId: string, viewerId: string): Promise<ProfileRow> {
  const profile = await findProfile(db, userId, viewerId);
  if (!profile) throw notFound();
  return profile;
}

/** Only the fields sent change; the username stays unique (ignoring case). */
export async function editProfile(db: DbOrTx, userId: string, input: UpdateProfileBody['profile']) {
  const patch: ProfilePatch = {};
  if (input.about !== undefined) patch.about = input.about;
  if (input.location !== undefined) patch.location = input.location;
  if (input.first_name !== undefined) patch.firstName = input.first_name;
  if (input.last_name !== undefined) patch.lastName = input.last_name;
  if (input.time_zone !== undefined) patch.timeZone = input.time_zone;
  if (input.locale !== undefined) patch.locale = input.locale;
  if (input.username !== undefined) {
    if (await isUsernameTaken(db, input.username, userId)) throw invalidField('username', USERNAME_TAKEN);
    patch.username = input.username;
  }
  if (Object.keys(patch).length > 0) {
    try {
      await updateProfile(db, userId, patch);
    } catch (error) {
      if (uniqueViolation(error) !== null) throw invalidField('username', USERNAME_TAKEN);
      throw error;
    }
  }
  return loadProfile(db, userId, userId);
}

/** No profile picture: initials are shown instead. */
export async function removeAvatar(db: DbOrTx, userId: string) {
  await clearAvatar(db, userId);
  return loadProfile(db, userId, userId);
}
