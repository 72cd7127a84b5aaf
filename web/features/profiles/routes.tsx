import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const profilesRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/profiles/:id',
    lazy: { Component: exportOf(() => import('./profile-page'), 'ProfilePage') },
  },
];
