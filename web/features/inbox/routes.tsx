import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

export const inboxRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/inbox',
    lazy: { Component: exportOf(() => import('./inbox-page'), 'InboxPage') },
  },
  {
    shell: 'signed-in',
    path: '/settings/notifications',
    lazy: { Component: exportOf(() => import('./notification-settings-page'), 'NotificationSettingsPage') },
  },
  {
    // Opened from a mail, signed in or not: the member's frame when signed in, the public one otherwise.
    shell: 'adaptive',
    path: '/unsubscribe',
    lazy: { Component: exportOf(() => import('./unsubscribe-page'), 'UnsubscribePage') },
  },
];
