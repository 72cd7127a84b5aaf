import type { FeatureRoute } from '@web/lib/feature-routes';

export const feedbackRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/share-feedback',
    lazy: { Component: async () => (await import('./feedback-page')).FeedbackPage },
  },
];
