import { withMarkdown } from '@web/components/markdown-loader';
import type { FeatureRoute } from '@web/lib/feature-routes';

export const postsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/posts/new',
    lazy: { Component: async () => (await withMarkdown(import('./new-post-page'))).NewPostPage },
  },
  {
    shell: 'signed-in',
    path: '/post/:id',
    lazy: { Component: async () => (await withMarkdown(import('./post-detail-page'))).PostDetailPage },
  },
  {
    shell: 'signed-in',
    path: '/group/:id/photos',
    lazy: { Component: async () => (await import('./group-photos-page')).GroupPhotosPage },
  },
  {
    shell: 'signed-in',
    path: '/post/:id/edit',
    lazy: { Component: async () => (await withMarkdown(import('./edit-post-page'))).EditPostPage },
  },
];
