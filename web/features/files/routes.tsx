import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const filesRoutes: FeatureRoute[] = [
  {
    // Spec section 2: the bare file-upload test page, signed in, with no shell around it.
    shell: 'signed-in-bare',
    path: '/upload',
    lazy: { Component: exportOf(() => import('./upload-test-page'), 'UploadTestPage') },
  },
];
