import type { FeatureRoute } from '@web/lib/feature-routes';

export const invitationsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/invitations',
    lazy: { Component: async () => (await import('./invitations-page')).InvitationsPage },
  },
];
