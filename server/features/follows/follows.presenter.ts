import type { ProfileSummary } from '../../../shared/api/profiles';
import { avatarUrl, displayName } from '../profiles/people';
import type { PersonSummaryRow } from './follows.repo';

export function presentSummary(row: PersonSummaryRow): ProfileSummary {
  return {
    id: row.id,
    username: row.username,
    name: displayName(row),
    avatar: avatarUrl(row),
    is_following: row.isFollowing,
    follows_you: row.followsYou,
  };
}
