import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const feedbackRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/share-feedback',
    lazy: { Component: exportOf(() => import('./feedback-page'), 'FeedbackPage') },
  },
];
