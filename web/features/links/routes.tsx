import type { FeatureRoute } from '@web/lib/feature-routes';

/** Links (spec section 2): the timeline, the add-link form and a link's page. */
export const linksRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/links',
    lazy: { Component: async () => (await import('./links-page')).LinksPage },
  },
  {
    shell: 'signed-in',
    path: '/links/new',
    lazy: { Component: async () => (await import('./new-link-page')).NewLinkPage },
  },
  {
    shell: 'signed-in',
    path: '/links/:id',
    lazy: { Component: async () => (await import('./link-detail-page')).LinkDetailPage },
  },
];
