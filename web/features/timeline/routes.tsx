import type { FeatureRoute } from '@web/lib/feature-routes';

/** The member timeline (spec section 2). */
export const timelineRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/dashboard',
    lazy: { Component: async () => (await import('./timeline-page')).TimelinePage },
  },
];
