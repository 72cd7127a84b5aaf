import { withMarkdown } from '@web/components/markdown-loader';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/** Links (spec section 2): the timeline, the add-link form and a link's page. */
export const linksRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/links',
    lazy: { Component: exportOf(() => withMarkdown(import('./links-page')), 'LinksPage') },
  },
  {
    shell: 'signed-in',
    path: '/links/new',
    lazy: { Component: exportOf(() => withMarkdown(import('./new-link-page')), 'NewLinkPage') },
  },
  {
    shell: 'signed-in',
    path: '/links/:id',
    lazy: { Component: exportOf(() => withMarkdown(import('./link-detail-page')), 'LinkDetailPage') },
  },
];
