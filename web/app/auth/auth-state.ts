import type { CurrentUser } from '@shared/api/auth';

/**
 * The authentication state machine of spec section 4, as a pure reducer.
 *
 *   start ──(public path)──▶ unauthenticated, not loading, no server call
 *   start ──(protected path)──▶ checking ──▶ authenticated | unauthenticated
 *   any ──signed-in──▶ authenticated        any ──signed-out / 401──▶ unauthenticated
 *   authenticated ──refreshed (same member)──▶ authenticated, with the member's new details
 *
 * `checked` records whether the server has answered for this page load; until it has, a protected
 * path counts as loading (see {@link isLoading}).
 */
export interface AuthState {
  user: CurrentUser | null;
  checked: boolean;
}

export type AuthEvent =
  | { type: 'check-succeeded'; user: CurrentUser }
  | { type: 'check-failed' }
  | { type: 'signed-in'; user: CurrentUser }
  /** A fresh answer of GET /api/auth for the member already signed in (e.g. after a profile edit). */
  | { type: 'refreshed'; user: CurrentUser }
  | { type: 'signed-out' };

export const initialAuthState: AuthState = { user: null, checked: false };

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'check-succeeded':
    case 'signed-in':
      return { user: event.user, checked: true };
    case 'refreshed':
      // A refresh only updates who is signed in: it never signs anyone in (a refresh that lands after
      // sign-out or before the session check is dropped) nor swaps one member for another.
      return state.user !== null && state.user.id === event.user.id ? { ...state, user: event.user } : state;
    case 'check-failed':
    case 'signed-out':
      return state.user === null && state.checked ? state : { user: null, checked: true };
  }
}

/**
 * Loading while a needed session check has not answered yet: on protected paths, and on public ones
 * for a returning member (see ./session-hint.ts); `skipCheck` is true where no check is made.
 */
export function isLoading(state: AuthState, skipCheck: boolean): boolean {
  return !skipCheck && !state.checked;
}
