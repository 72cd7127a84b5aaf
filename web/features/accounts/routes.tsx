import type { FeatureRoute } from '@web/lib/feature-routes';
import { SignInPage } from './sign-in-page';
import { exportOf } from '@web/app/resilience/screen-loading';

/**
 * Sign-in is in the main bundle: every protected address a visitor opens leads there. The other
 * account screens arrive with their own code when opened (most visits never see them).
 */
export const accountsRoutes: FeatureRoute[] = [
  {
    shell: 'auth',
    path: '/landing',
    lazy: { Component: exportOf(() => import('./landing-page'), 'LandingPage') },
  },
  { shell: 'auth', path: '/signin', element: <SignInPage /> },
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
