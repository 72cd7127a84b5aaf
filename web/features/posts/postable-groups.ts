import type { Group } from '@shared/api/groups';

/** Groups where the member may post (Owner, Moderator, Poster), by name. */
export function postableGroups(groups: readonly Group[] | undefined): Group[] {
  return (groups ?? []).filter((group) => group.is_member && group.can_post);
}
