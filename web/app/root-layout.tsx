import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from './auth/auth-provider';
import { NavigationProgress } from './navigation-progress';
import { ActionErrorToast } from './resilience/action-error-toast';
import { ConnectionBanner } from './resilience/connection-banner';

/**
 * The top route: the auth state machine around every screen, the notice that the server cannot be
 * reached and the toast that says an action failed.
 */
export function RootLayout() {
  return (
    <AuthProvider>
      <NavigationProgress />
      <ConnectionBanner />
      <Outlet />
      <ActionErrorToast />
      <ScrollRestoration />
    </AuthProvider>
  );
}
