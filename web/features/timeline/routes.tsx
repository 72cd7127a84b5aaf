import type { FeatureRoute } from '@web/lib/feature-routes';
import { TimelinePage } from './timeline-page';

/** The member timeline (spec section 2). */
export const timelineRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/dashboard', element: <TimelinePage /> },
];
