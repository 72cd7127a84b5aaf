import type { FeatureRoute } from '@web/lib/feature-routes';
import { SignInPage } from './sign-in-page';

/**
 * Sign-in is in the main bundle: every protected address a visitor opens leads there. The other
 * account screens arrive with their own code when opened (most visits never see them).
 */
export const accountsRoutes: FeatureRoute[] = [
  {
    shell: 'auth',
    path: '/landing',
    lazy: { Component: async () => (await import('./landing-page')).LandingPage },
  },
  { shell: 'auth', path: '/signin', element: <SignInPage /> },
  {
    shell: 'auth',
    path: '/invitation',
    lazy: { Component: async () => (await import('./invitation-page')).InvitationPage },
  },
  {
    shell: 'auth',
    path: '/signup',
    lazy: { Component: async () => (await import('./sign-up-page')).SignUpPage },
  },
  {
    shell: 'auth',
    path: '/email-confirmation',
    lazy: { Component: async () => (await import('./email-confirmation-page')).EmailConfirmationPage },
  },
  {
    shell: 'auth',
    path: '/resend-confirmation',
    lazy: { Component: async () => (await import('./resend-confirmation-page')).ResendConfirmationPage },
  },
  {
    shell: 'auth',
    path: '/password-request',
    lazy: { Component: async () => (await import('./password-request-page')).PasswordRequestPage },
  },
  {
    shell: 'auth',
    path: '/password-reset',
    lazy: { Component: async () => (await import('./password-reset-page')).PasswordResetPage },
  },
];
