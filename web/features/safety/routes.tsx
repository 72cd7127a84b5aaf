import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/** Settings sub-pages: the posts a member hid with Ignore, and the members they blocked. */
export const safetyRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/settings/hidden',
    lazy: { Component: exportOf(() => import('./hidden-posts-page'), 'HiddenPostsPage') },
  },
  {
    shell: 'signed-in',
    path: '/settings/blocked',
    lazy: { Component: exportOf(() => import('./blocked-members-page'), 'BlockedMembersPage') },
  },
];
