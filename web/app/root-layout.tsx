import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from './auth/auth-provider';
import { NavigationProgress } from './navigation-progress';
import { ActionErrorToast } from './resilience/action-error-toast';
import { ConnectionBanner } from './resilience/connection-banner';
import { RouteFocus } from './route-focus';
import { SkipLink } from './skip-link';

/**
 * The top route: the auth state machine around every screen, the skip link first of all, and focus
 * moved to the new page after each navigation, the notice that the server cannot be reached and the
 * toast that says an action failed.
 */
export function RootLayout() {
  return (
    <AuthProvider>
      <SkipLink />
      <NavigationProgress />
      <RouteFocus />
      <ConnectionBanner />
      <Outlet />
      <ActionErrorToast />
      <ScrollRestoration />
    </AuthProvider>
  );
}
