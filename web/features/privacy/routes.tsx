import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/** No protection (spec section 2): members see it in their shell, visitors in the public one. */
export const privacyRoutes: FeatureRoute[] = [
  {
    shell: 'adaptive',
    path: '/privacy-policy',
    lazy: { Component: exportOf(() => import('./privacy-policy-page'), 'PrivacyPolicyPage') },
  },
];
