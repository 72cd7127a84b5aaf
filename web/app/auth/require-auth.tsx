import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '@web/components/loading-screen';
import { rememberRedirectAfterLogin, SIGN_IN_PATH } from '@web/lib/auth-paths';
import { useAuth } from './auth-context';

/** Layout route guarding protected screens: "Loading" during the check, /signin when signed out. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { authenticated, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!authenticated) return <RedirectToSignIn />;
  return children ?? <Outlet />;
}

function RedirectToSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberRedirectAfterLogin(location);
    navigate(SIGN_IN_PATH, { replace: true });
  }, [location, navigate]);
  return <LoadingScreen />;
}
