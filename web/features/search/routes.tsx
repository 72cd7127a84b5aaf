import type { FeatureRoute } from '@web/lib/feature-routes';

export const searchRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/search',
    lazy: { Component: async () => (await import('./search-page')).SearchPage },
  },
];
