import { withMarkdown } from '@web/components/markdown-loader';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const conversationsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/messages',
    lazy: { Component: exportOf(() => import('./conversations-page'), 'ConversationsPage') },
  },
  {
    // The thread draws its messages' Markdown at once: the renderer comes with its code.
    shell: 'signed-in',
    path: '/messages/:id',
    lazy: { Component: exportOf(() => withMarkdown(import('./thread-page')), 'ThreadPage') },
  },
];
