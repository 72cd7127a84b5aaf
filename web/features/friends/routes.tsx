import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const friendsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/friends',
    lazy: { Component: exportOf(() => import('./friends-page'), 'FriendsPage') },
  },
];
