import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const groupsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/groups',
    lazy: { Component: exportOf(() => import('./groups-page'), 'GroupsPage') },
  },
  {
    shell: 'signed-in',
    path: '/groups/new',
    lazy: { Component: exportOf(() => import('./new-group-page'), 'NewGroupPage') },
  },
  {
    shell: 'signed-in',
    path: '/groups/edit/:id',
    lazy: { Component: exportOf(() => import('./edit-group-page'), 'EditGroupPage') },
  },
  {
    shell: 'signed-in',
    path: '/group/:id',
    lazy: { Component: exportOf(() => import('./group-page'), 'GroupPage') },
  },
  {
    shell: 'signed-in',
    path: '/group-requests',
    lazy: { Component: exportOf(() => import('./group-requests-page'), 'GroupRequestsPage') },
  },
  {
    // A group link (ADR 041): signed-out visitors sign in first and come back.
    shell: 'signed-in',
    path: '/join/:code',
    lazy: { Component: exportOf(() => import('./join-link-page'), 'JoinLinkPage') },
  },
];
