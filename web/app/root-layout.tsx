import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from './auth/auth-provider';
import { NavigationProgress } from './navigation-progress';
import { RouteFocus } from './route-focus';
import { SkipLink } from './skip-link';

/**
 * The top route: the auth state machine around every screen, the skip link first of all, and focus
 * moved to the new page after each navigation.
 */
export function RootLayout() {
  return (
    <AuthProvider>
      <SkipLink />
      <NavigationProgress />
      <RouteFocus />
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}
