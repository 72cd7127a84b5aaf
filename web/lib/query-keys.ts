/**
 * Query keys shared across features, so one screen can refresh what another shows. A feature adds
 * its own keys here when another feature (or the shell) needs to read or invalidate them.
 */
export const queryKeys = {
  /** The member's groups (GET /api/groups): the shell's group switcher and the groups screens. */
  groups: {
    all: ['groups'] as const,
    list: () => ['groups', 'list'] as const,
    detail: (id: string) => ['groups', 'detail', id] as const,
  },
  invitations: {
    all: ['invitations'] as const,
    list: () => ['invitations', 'list'] as const,
  },
} as const;
