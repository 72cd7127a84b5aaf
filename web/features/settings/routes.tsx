import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const settingsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/settings',
    lazy: { Component: exportOf(() => import('./settings-page'), 'SettingsPage') },
  },
  {
    shell: 'signed-in',
    path: '/settings/security',
    lazy: { Component: exportOf(() => import('./security-page'), 'SecurityPage') },
  },
  {
    shell: 'signed-in',
    path: '/settings/data',
    lazy: { Component: exportOf(() => import('./data-page'), 'DataPage') },
  },
  {
    shell: 'signed-in',
    path: '/settings/email-confirmation',
    lazy: {
      Component: exportOf(() => import('./email-change-confirmation-page'), 'EmailChangeConfirmationPage'),
    },
  },
  {
    // Signed out by then: no session needed (web/lib/auth-paths.ts).
    shell: 'auth',
    path: '/account-deletion',
    lazy: { Component: exportOf(() => import('./deletion-scheduled-page'), 'DeletionScheduledPage') },
  },
];
