import type { FeatureRoute } from '@web/lib/feature-routes';

export const groupsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/groups',
    lazy: { Component: async () => (await import('./groups-page')).GroupsPage },
  },
  {
    shell: 'signed-in',
    path: '/groups/new',
    lazy: { Component: async () => (await import('./new-group-page')).NewGroupPage },
  },
  {
    shell: 'signed-in',
    path: '/groups/edit/:id',
    lazy: { Component: async () => (await import('./edit-group-page')).EditGroupPage },
  },
  {
    shell: 'signed-in',
    path: '/group/:id',
    lazy: { Component: async () => (await import('./group-page')).GroupPage },
  },
  {
    shell: 'signed-in',
    path: '/group-requests',
    lazy: { Component: async () => (await import('./group-requests-page')).GroupRequestsPage },
  },
  {
    // A group link (ADR 041): signed-out visitors sign in first and come back.
    shell: 'signed-in',
    path: '/join/:code',
    lazy: { Component: async () => (await import('./join-link-page')).JoinLinkPage },
  },
];
