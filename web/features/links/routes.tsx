import { withMarkdown } from '@web/components/markdown-loader';
import type { FeatureRoute } from '@web/lib/feature-routes';

/** Links (spec section 2): the timeline, the add-link form and a link's page. */
export const linksRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/links',
    lazy: { Component: async () => (await withMarkdown(import('./links-page'))).LinksPage },
  },
  {
    shell: 'signed-in',
    path: '/links/new',
    lazy: { Component: async () => (await withMarkdown(import('./new-link-page'))).NewLinkPage },
  },
  {
    shell: 'signed-in',
    path: '/links/:id',
    lazy: { Component: async () => (await withMarkdown(import('./link-detail-page'))).LinkDetailPage },
  },
];
