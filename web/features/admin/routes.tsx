import { withMarkdown } from '@web/components/markdown-loader';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/** Admin review of reports and feedback; the link to it shows only for admins (is_admin). */
export const adminRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/admin',
    lazy: { Component: exportOf(() => withMarkdown(import('./admin-review-page')), 'AdminReviewPage') },
  },
];
