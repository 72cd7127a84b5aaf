import type { FeatureRoute } from '@web/lib/feature-routes';

/** No protection (spec section 2): members see it in their shell, visitors in the public one. */
export const privacyRoutes: FeatureRoute[] = [
  {
    shell: 'adaptive',
    path: '/privacy-policy',
    lazy: { Component: async () => (await import('./privacy-policy-page')).PrivacyPolicyPage },
  },
];
