import type { FeatureRoute } from '@web/lib/feature-routes';

/** Settings sub-pages: the posts a member hid with Ignore, and the members they blocked. */
export const safetyRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/settings/hidden',
    lazy: { Component: async () => (await import('./hidden-posts-page')).HiddenPostsPage },
  },
  {
    shell: 'signed-in',
    path: '/settings/blocked',
    lazy: { Component: async () => (await import('./blocked-members-page')).BlockedMembersPage },
  },
];
