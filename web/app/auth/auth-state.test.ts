import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@shared/api/auth';
import { authReducer, initialAuthState, isLoading } from './auth-state';

const user: CurrentUser = {
  id: 'u1',
  username: 'maria',
  email: 'maria@example.com',
  first_name: 'Maria',
  last_name: 'Okafor',
  name: 'Maria Okafor',
  avatar: null,
  initials: 'MO',
  is_admin: false,
};

describe('auth state machine', () => {
  it('starts unauthenticated and loading on a protected path', () => {
    expect(initialAuthState.user).toBeNull();
    expect(isLoading(initialAuthState, false)).toBe(true);
  });

  it('is unauthenticated and not loading at once on a public path', () => {
    expect(isLoading(initialAuthState, true)).toBe(false);
  });

  it('check succeeded → authenticated, not loading', () => {
    const state = authReducer(initialAuthState, { type: 'check-succeeded', user });
    expect(state.user).toBe(user);
    expect(isLoading(state, false)).toBe(false);
  });

  it('check failed → unauthenticated, not loading', () => {
    const state = authReducer(initialAuthState, { type: 'check-failed' });
    expect(state.user).toBeNull();
    expect(isLoading(state, false)).toBe(false);
  });

  it('signed in, then signed out', () => {
    const signedIn = authReducer(initialAuthState, { type: 'signed-in', user });
    expect(signedIn.user).toBe(user);
    const signedOut = authReducer(signedIn, { type: 'signed-out' });
    expect(signedOut).toEqual({ user: null, checked: true });
  });
});
