import type { FeatureRoute } from '@web/lib/feature-routes';

export const filesRoutes: FeatureRoute[] = [
  {
    // Spec section 2: the bare file-upload test page, signed in, with no shell around it.
    shell: 'signed-in-bare',
    path: '/upload',
    lazy: { Component: async () => (await import('./upload-test-page')).UploadTestPage },
  },
];
