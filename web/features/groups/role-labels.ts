import { GROUP_ROLES, type GroupRole } from '@shared/domain/constants';
import { t } from '@web/i18n/i18n';

/** Each group role's message (the English names are shared/domain/constants' GROUP_ROLES). */
const ROLE_LABELS: Record<GroupRole, string> = {
  Owner: 'groups.role.owner',
  Poster: 'groups.role.poster',
  Moderator: 'groups.role.moderator',
  Commentor: 'groups.role.commentor',
};

/** A role's name in the member's language; a role Hearth does not know is shown as it came. */
export function roleLabel(role: string): string {
  return (GROUP_ROLES as readonly string[]).includes(role) ? t(ROLE_LABELS[role as GroupRole]) : role;
}
