import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from './auth/auth-provider';

/** The top route: the auth state machine around every screen. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}
