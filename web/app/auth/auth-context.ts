import { createContext, useContext } from 'react';
import type { CurrentUser } from '@shared/api/auth';

export interface SignInCredentials {
  email: string;
  password: string;
}

/** What the password step led to: a session, or the two-factor code step (no session yet). */
export type SignInStep = { status: 'signed-in' } | { status: 'code-required'; signInToken: string };

/** The code step: the pending sign-in's token and either an app code or a recovery code. */
export interface SecondFactor {
  signInToken: string;
  code?: string;
  recoveryCode?: string;
}

export interface AuthContextValue {
  authenticated: boolean;
  /** True while the session check of a protected page runs; such pages show "Loading". */
  loading: boolean;
  /**
   * True while the check runs for a browser that was signed in when it last knew (the session hint,
   * ./session-hint.ts): screens draw the members' frame at once, with "Loading" for content, and no
   * member data until the server answers.
   */
  memberExpected: boolean;
  user: CurrentUser | null;
  avatar: string | null;
  initials: string | null;
  /**
   * Signs in; on success marks the member authenticated, prefetches the groups list and goes to the
   * page first asked for (else /dashboard), replacing history. When the account has two-factor
   * sign-in on, resolves with the code step instead and signs nobody in. Rejects with the API error.
   */
  signIn: (credentials: SignInCredentials) => Promise<SignInStep>;
  /** Completes a two-factor sign-in with its code, then goes on as `signIn` does. */
  completeSignIn: (factor: SecondFactor) => Promise<void>;
  /** Ends the session on the server, forgets the member and goes to /signin. */
  signOut: () => Promise<void>;
  /**
   * Asks the server again who is signed in (GET /api/auth) and updates user, avatar and initials, e.g.
   * after the member edits their name or username. Only updates the member already signed in; a 401
   * signs them out as any 401 does. Never rejects: other failures are logged and the details kept.
   */
  refreshUser: () => Promise<void>;
  /** For an 'Authentication required' answer seen by a screen: forget the member. */
  markUnauthenticated: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
