import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from './auth/auth-provider';
import { NavigationProgress } from './navigation-progress';

/** The top route: the auth state machine around every screen. */
export function RootLayout() {
  return (
    <AuthProvider>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}
