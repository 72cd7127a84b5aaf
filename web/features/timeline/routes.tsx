import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/** The member timeline (spec section 2). */
export const timelineRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/dashboard',
    lazy: { Component: exportOf(() => import('./timeline-page'), 'TimelinePage') },
  },
];
