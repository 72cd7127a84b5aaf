import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_DELETION_MESSAGES } from '@shared/domain/account-deletion';
import { Toast } from '@web/components/toast';
import { groupsQueryOptions } from '@web/features/groups/api';
import { isUnauthenticatedResponse, setUnauthorizedHandler } from '@web/lib/api-client';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { ApiError } from '@web/lib/api-errors';
import { setMemberTimeZone } from '@web/lib/time-zone';
import { systemTimeZone } from '@shared/domain/time-zones';
import { removeAllDrafts } from '@web/lib/drafts';
import { DraftOwnerContext } from '@web/lib/use-draft';
import { isServerUnreachable, onServerBack } from '@web/lib/server-reachability';
import {
  DEFAULT_SIGNED_IN_PATH,
  isPublicPath,
  sendsMembersHome,
  SIGN_IN_PATH,
  takeRedirectAfterLogin,
} from '@web/lib/auth-paths';
import {
  AuthContext,
  type AuthContextValue,
  type SecondFactor,
  type SignInCredentials,
  type SignInStep,
} from './auth-context';
import { authReducer, initialAuthState, isLoading } from './auth-state';
import { useMemberLocale } from '@web/i18n/i18n';
import { hasSessionHint, setSessionHint } from './session-hint';
import {
  asCodeStep,
  asCurrentUser,
  deleteSession,
  deletionWasCancelled,
  fetchCurrentUser,
  postSecondFactor,
  postSignIn,
  recordTimeZone,
  refetchCurrentUser,
  takeSessionCheck,
} from './session-api';

/** Long enough to read: it answers a decision the member made days ago. */
const NOTICE_MS = 10_000;

/**
 * Holds who is signed in. Lives inside the router (it follows the path and navigates) and inside the
 * QueryClientProvider (it prefetches and clears cached data).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onPublicPath = isPublicPath(pathname);
  // A member coming back to a public page (/, /explore …) is checked too, to show them their frame.
  const [returningMember] = useState(hasSessionHint);
  const skipCheck = onPublicPath && !returningMember;
  const checking = useRef(false);
  // Set by signIn() until the next page's address is shown: /signin must not redirect meanwhile.
  const signingIn = useRef(false);
  // Numbers the refreshes, so only the answer of the latest one is applied.
  const lastRefresh = useRef(0);
  // "Welcome back. Your account will not be deleted.": shown on the page sign-in leads to.
  const { message: noticeMessage, show: showNotice } = useTimedMessage(NOTICE_MS);

  // Bumped when the server answers again after a check that could not reach it.
  const [checkAttempt, setCheckAttempt] = useState(0);

  // The session check: on protected paths (and public ones for a returning member), once per page load.
  useEffect(() => {
    if (skipCheck || state.checked || checking.current) return;
    checking.current = true;
    let stopWaiting = () => {};
    takeSessionCheck()
      // The member's whole frame and screen draw from this answer: in slices React may pause for
      // input (a transition), not in one long task on a slow phone.
      .then((user) => startTransition(() => dispatch({ type: 'check-succeeded', user })))
      .catch((error: unknown) => {
        if (isServerUnreachable(error)) {
          // No answer says nothing about the session: keep "Loading" (the banner says why) and ask
          // again when the server is back, instead of signing the member out.
          stopWaiting = onServerBack(() => setCheckAttempt((attempt) => attempt + 1));
          return;
        }
        if (!(error instanceof ApiError && error.status === 401))
          console.error('Session check failed', error);
        dispatch({ type: 'check-failed' });
      })
      .finally(() => {
        checking.current = false;
      });
    return () => stopWaiting();
  }, [skipCheck, state.checked, checkAttempt]);

  // Remember whether this browser is signed in, once the server has said so.
  useEffect(() => {
    if (state.checked) setSessionHint(state.user !== null);
  }, [state.checked, state.user]);

  // Spec section 2: a member who is already signed in does not see the sign-in screen; nor the
  // visitors' front door at / (see docs/decisions, the signed-in frame at once).
  const signedIn = state.user !== null;
  useEffect(() => {
    // signIn() has moved on once the address is no longer /signin.
    if (pathname !== SIGN_IN_PATH) signingIn.current = false;
    if (signedIn && sendsMembersHome(pathname) && !signingIn.current) {
      navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
    }
  }, [signedIn, pathname, navigate]);

  // Any 401 on a protected page (the client has remembered the page): forget the member, go to sign in.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        dispatch({ type: 'signed-out' });
        navigate(SIGN_IN_PATH, { replace: true });
      }),
    [navigate],
  );

  /** After a successful sign-in (password, or password and code): take the member on. */
  const welcome = useCallback(
    async (response: unknown) => {
      // A different member may have been signed in before: drop everything cached for them.
      queryClient.clear();
      const user = asCurrentUser(response) ?? (await fetchCurrentUser());
      signingIn.current = true;
      dispatch({ type: 'signed-in', user });
      void queryClient.prefetchQuery(groupsQueryOptions());
      // Resolves once the next screen is up (its code may still be loading), so the form stays busy till then.
      await navigate(takeRedirectAfterLogin() ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
      if (deletionWasCancelled(response)) showNotice(ACCOUNT_DELETION_MESSAGES.cancelled);
    },
    [navigate, queryClient, showNotice],
  );

  const signIn = useCallback(
    async (credentials: SignInCredentials): Promise<SignInStep> => {
      const response = await postSignIn(credentials);
      const signInToken = asCodeStep(response);
      if (signInToken) return { status: 'code-required', signInToken };
      await welcome(response);
      return { status: 'signed-in' };
    },
    [welcome],
  );

  const completeSignIn = useCallback(
    async (factor: SecondFactor) => welcome(await postSecondFactor(factor)),
    [welcome],
  );

  const signOut = useCallback(async () => {
    try {
      await deleteSession();
    } catch (error) {
      console.error('Sign out failed', error);
    }
    dispatch({ type: 'signed-out' });
    queryClient.clear();
    // The next member on this browser must not find this one's unsent words.
    removeAllDrafts();
    navigate(SIGN_IN_PATH);
  }, [navigate, queryClient]);

  const markUnauthenticated = useCallback(() => dispatch({ type: 'signed-out' }), []);

  const refreshUser = useCallback(async () => {
    const refresh = ++lastRefresh.current;
    try {
      const user = await refetchCurrentUser();
      if (refresh !== lastRefresh.current) return;
      // Null: a 401 swallowed on a public page, i.e. nobody is signed in any more.
      dispatch(user ? { type: 'refreshed', user } : { type: 'signed-out' });
    } catch (error) {
      // A 401 has already signed the member out and gone to /signin (the unauthorized handler).
      if (error instanceof ApiError && isUnauthenticatedResponse(error.status ?? 0, error.data)) return;
      console.error('Refreshing the signed-in member failed', error);
    }
  }, []);

  // Times on screen follow the member's own zone. A member whose zone is not known yet gets this
  // browser's, recorded once per page load, so the digest and other mail can use it. Nothing on
  // screen changes (no zone already means this browser's, and settings read both as Automatic), so
  // the member is not fetched again: that would draw the whole app a second time as it first shows.
  const zoneRecorded = useRef(false);
  const memberZone = state.user?.time_zone;
  useEffect(() => {
    setMemberTimeZone(memberZone ?? null);
    if (memberZone !== null || zoneRecorded.current) return;
    zoneRecorded.current = true;
    recordTimeZone(systemTimeZone()).catch((error: unknown) =>
      console.error('Recording the time zone failed', error),
    );
  }, [memberZone]);

  useMemberLocale(state.user?.locale, state.user !== null);

  const value = useMemo<AuthContextValue>(
    () => ({
      authenticated: state.user !== null,
      loading: isLoading(state, skipCheck),
      memberExpected: returningMember && isLoading(state, skipCheck),
      user: state.user,
      avatar: state.user?.avatar ?? null,
      initials: state.user?.initials ?? null,
      signIn,
      completeSignIn,
      signOut,
      refreshUser,
      markUnauthenticated,
    }),
    [state, skipCheck, returningMember, signIn, completeSignIn, signOut, refreshUser, markUnauthenticated],
  );

  return (
    <AuthContext.Provider value={value}>
      <DraftOwnerContext.Provider value={state.user?.id ?? null}>{children}</DraftOwnerContext.Provider>
      <Toast message={noticeMessage} />
    </AuthContext.Provider>
  );
}
