import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const searchRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/search',
    lazy: { Component: exportOf(() => import('./search-page'), 'SearchPage') },
  },
];
