import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '@web/components/loading-screen';
import { rememberRedirectAfterLogin, SIGN_IN_PATH } from '@web/lib/auth-paths';
import { MemberFrameLoading } from '../shells/member-frame-loading';
import { SignedInShell } from '../shells/members-frame';
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

/**
 * The layout route of the screens inside the members' frame, guarding them as RequireAuth does. The
 * frame is one element from the session check to the first screen: drawn with "Loading" while a
 * returning member's session is checked, kept when the check answers, and kept while the first
 * screen's code arrives (the router draws that wait inside it). So a menu the member opens early
 * stays open.
 */
export function MembersFrameRoute() {
  const { authenticated, loading, memberExpected } = useAuth();
  if (loading && !memberExpected) return <LoadingScreen />;
  if (!loading && !authenticated) return <RedirectToSignIn />;
  return <SignedInShell>{loading ? <LoadingScreen /> : undefined}</SignedInShell>;
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
