import type { FeatureRoute } from '@web/lib/feature-routes';

/**
 * The member timeline (/dashboard, spec section 2) is built by its own issue and plugs in here, e.g.
 * `{ shell: 'signed-in', path: '/dashboard', element: <TimelinePage /> }`. Until then /dashboard is
 * left out (it shows Not Found in the signed-in shell) rather than faked.
 */
export const timelineRoutes: FeatureRoute[] = [];
