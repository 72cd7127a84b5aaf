import type { Profile } from '../../../shared/api/profiles';
import { avatarUrl, displayName } from './people';
import type { ProfileRow } from './profiles.repo';

/** `canMessage`: whether the viewer may write to the member (mayMessageMember); false for one's own. */
export function presentProfile(row: ProfileRow, viewerId: string, canMessage = false): Profile {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    name: displayName(row),
    avatar: avatarUrl(row),
    about: row.about,
    location: row.location,
    created_at: row.createdAt.toISOString(),
    followers_count: row.followersCount,
    following_count: row.followingCount,
    is_following: row.isFollowing,
    follows_you: row.followsYou,
    is_self: row.id === viewerId,
    can_message: canMessage,
  };
}
