import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/** Gatherings (ADR 057): upcoming events, an event's page, creating and editing one, and date polls. */
export const gatheringsRoutes: FeatureRoute[] = [
  {
    shell: 'signed-in',
    path: '/events',
    lazy: { Component: exportOf(() => import('./upcoming-page'), 'UpcomingEventsPage') },
  },
  {
    shell: 'signed-in',
    path: '/events/new',
    lazy: { Component: exportOf(() => import('./event-form-page'), 'NewEventPage') },
  },
  {
    shell: 'signed-in',
    path: '/events/:id',
    lazy: { Component: exportOf(() => import('./event-page'), 'EventPage') },
  },
  {
    shell: 'signed-in',
    path: '/date_polls/new',
    lazy: { Component: exportOf(() => import('./date-poll-form-page'), 'NewDatePollPage') },
  },
  {
    shell: 'signed-in',
    path: '/date_polls/:id',
    lazy: { Component: exportOf(() => import('./date-poll-page'), 'DatePollPage') },
  },
  {
    shell: 'signed-in',
    path: '/events/:id/edit',
    lazy: { Component: exportOf(() => import('./event-form-page'), 'EditEventPage') },
  },
];
