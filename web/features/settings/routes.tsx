import type { FeatureRoute } from '@web/lib/feature-routes';

export const settingsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/settings',
    lazy: { Component: async () => (await import('./settings-page')).SettingsPage },
  },
];
