import type { FeatureRoute } from '@web/lib/feature-routes';
import { EmailConfirmationPage } from './email-confirmation-page';
import { InvitationPage } from './invitation-page';
import { LandingPage } from './landing-page';
import { PasswordRequestPage } from './password-request-page';
import { PasswordResetPage } from './password-reset-page';
import { ResendConfirmationPage } from './resend-confirmation-page';
import { SignInPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';

export const accountsRoutes: FeatureRoute[] = [
  { shell: 'auth', path: '/landing', element: <LandingPage /> },
  { shell: 'auth', path: '/signin', element: <SignInPage /> },
  { shell: 'auth', path: '/invitation', element: <InvitationPage /> },
  { shell: 'auth', path: '/signup', element: <SignUpPage /> },
  { shell: 'auth', path: '/email-confirmation', element: <EmailConfirmationPage /> },
  { shell: 'auth', path: '/resend-confirmation', element: <ResendConfirmationPage /> },
  { shell: 'auth', path: '/password-request', element: <PasswordRequestPage /> },
  { shell: 'auth', path: '/password-reset', element: <PasswordResetPage /> },
];
