import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/** The member's public posts (spec section 2); publishing itself happens from a post's menu and /posts/new. */
export const publishedRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/published',
    lazy: { Component: exportOf(() => import('./published-page'), 'PublishedPage') },
  },
];
