import type { FeatureRoute } from '@web/lib/feature-routes';
import { AdminReviewPage } from './admin-review-page';

/** Admin review of reports and feedback; the link to it shows only for admins (is_admin). */
export const adminRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/admin', element: <AdminReviewPage /> },
];
