import { withMarkdown } from '@web/components/markdown-loader';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const postsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/posts/new',
    lazy: { Component: exportOf(() => withMarkdown(import('./new-post-page')), 'NewPostPage') },
  },
  {
    // The post's content arrives as HTML: the page draws without the Markdown parser, which its
    // comments load once the post is drawn (post-detail-page.tsx).
    shell: 'signed-in',
    path: '/post/:id',
    lazy: { Component: exportOf(() => import('./post-detail-page'), 'PostDetailPage') },
  },
  {
    // A photo's own address (ADR 050): the post page with that photo open in the viewer.
    shell: 'signed-in',
    path: '/post/:id/photo/:n',
    lazy: { Component: exportOf(() => import('./post-detail-page'), 'PostDetailPage') },
  },
  {
    shell: 'signed-in',
    path: '/group/:id/photos',
    lazy: { Component: exportOf(() => import('./group-photos-page'), 'GroupPhotosPage') },
  },
  {
    shell: 'signed-in',
    path: '/post/:id/edit',
    lazy: { Component: exportOf(() => withMarkdown(import('./edit-post-page')), 'EditPostPage') },
  },
];
