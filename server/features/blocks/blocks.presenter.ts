import type { BlockedMember } from '../../../shared/api/blocks';
import { avatarUrl, displayName } from '../profiles/people';
import type { BlockedMemberRow } from './blocks.repo';

export function presentBlockedMember(row: BlockedMemberRow): BlockedMember {
  return {
    user_id: row.userId,
    username: row.username,
    name: displayName(row),
    avatar: avatarUrl(row),
    blocked_at: row.createdAt.toISOString(),
  };
}
