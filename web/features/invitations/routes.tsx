import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const invitationsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/invitations',
    lazy: { Component: exportOf(() => import('./invitations-page'), 'InvitationsPage') },
  },
];
