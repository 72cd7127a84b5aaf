import type { FeatureRoute } from '@web/lib/feature-routes';

export const friendsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/friends',
    lazy: { Component: async () => (await import('./friends-page')).FriendsPage },
  },
];
