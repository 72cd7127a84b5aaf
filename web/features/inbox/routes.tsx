import type { FeatureRoute } from '@web/lib/feature-routes';

export const inboxRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/inbox',
    lazy: { Component: async () => (await import('./inbox-page')).InboxPage },
  },
  {
    shell: 'signed-in',
    path: '/settings/notifications',
    lazy: { Component: async () => (await import('./notification-settings-page')).NotificationSettingsPage },
  },
  {
    // Opened from a mail, signed in or not: the member's frame when signed in, the public one otherwise.
    shell: 'adaptive',
    path: '/unsubscribe',
    lazy: { Component: async () => (await import('./unsubscribe-page')).UnsubscribePage },
  },
];
