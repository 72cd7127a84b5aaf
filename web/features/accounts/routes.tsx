import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/**
 * Each account screen arrives with its own code when opened (most visits never see them). Sign-in,
 * where every protected address a visitor opens leads, starts loading with the page itself
 * (web/app/first-screen.ts), so it costs no extra round trip and the public pages do not carry it.
 */
export const accountsRoutes: FeatureRoute[] = [
  {
    shell: 'auth',
    path: '/landing',
    lazy: { Component: exportOf(() => import('./landing-page'), 'LandingPage') },
  },
  {
    shell: 'auth',
    path: '/signin',
    lazy: { Component: exportOf(() => import('./sign-in-page'), 'SignInPage') },
  },
  {
    shell: 'auth',
    path: '/invitation',
    lazy: { Component: exportOf(() => import('./invitation-page'), 'InvitationPage') },
  },
  {
    shell: 'auth',
    path: '/signup',
    lazy: { Component: exportOf(() => import('./sign-up-page'), 'SignUpPage') },
  },
  {
    shell: 'auth',
    path: '/email-confirmation',
    lazy: { Component: exportOf(() => import('./email-confirmation-page'), 'EmailConfirmationPage') },
  },
  {
    shell: 'auth',
    path: '/resend-confirmation',
    lazy: { Component: exportOf(() => import('./resend-confirmation-page'), 'ResendConfirmationPage') },
  },
  {
    shell: 'auth',
    path: '/password-request',
    lazy: { Component: exportOf(() => import('./password-request-page'), 'PasswordRequestPage') },
  },
  {
    shell: 'auth',
    path: '/password-reset',
    lazy: { Component: exportOf(() => import('./password-reset-page'), 'PasswordResetPage') },
  },
];
