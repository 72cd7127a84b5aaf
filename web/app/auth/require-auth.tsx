import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '@web/components/loading-screen';
import { rememberRedirectAfterLogin, SIGN_IN_PATH } from '@web/lib/auth-paths';
import { MemberFrameLoading } from '../shells/member-frame-loading';
import { useAuth } from './auth-context';

/**
 * Layout route guarding protected screens: "Loading" during the check (inside the members' frame for
 * a browser that was signed in), /signin when signed out.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { authenticated, loading, memberExpected } = useAuth();
  if (loading) return memberExpected ? <MemberFrameLoading /> : <LoadingScreen />;
  if (!authenticated) return <RedirectToSignIn />;
  return children ?? <Outlet />;
}

/** Sends a signed-out visitor to /signin, remembering where they were going. */
export function RedirectToSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberRedirectAfterLogin(location);
    navigate(SIGN_IN_PATH, { replace: true });
  }, [location, navigate]);
  return <LoadingScreen />;
}
