import type { FeatureRoute } from '@web/lib/feature-routes';

export const settingsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/settings',
    lazy: { Component: async () => (await import('./settings-page')).SettingsPage },
  },
  {
    shell: 'signed-in',
    path: '/settings/security',
    lazy: { Component: async () => (await import('./security-page')).SecurityPage },
  },
  {
    shell: 'signed-in',
    path: '/settings/data',
    lazy: { Component: async () => (await import('./data-page')).DataPage },
  },
  {
    shell: 'signed-in',
    path: '/settings/email-confirmation',
    lazy: {
      Component: async () => (await import('./email-change-confirmation-page')).EmailChangeConfirmationPage,
    },
  },
  {
    // Signed out by then: no session needed (web/lib/auth-paths.ts).
    shell: 'auth',
    path: '/account-deletion',
    lazy: { Component: async () => (await import('./deletion-scheduled-page')).DeletionScheduledPage },
  },
];
