import type { FeatureRoute } from '@web/lib/feature-routes';

export const profilesRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/profiles/:id',
    lazy: { Component: async () => (await import('./profile-page')).ProfilePage },
  },
];
