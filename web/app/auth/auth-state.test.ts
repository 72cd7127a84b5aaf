import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@shared/api/auth';
import { maria as user } from '@web/test/users';
import { authReducer, initialAuthState, isLoading } from './auth-state';
import { testId } from '@web/test/ids';

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

  describe('refreshed', () => {
    const renamed: CurrentUser = { ...user, username: 'maria_o', name: 'Mia Okafor', first_name: 'Mia' };

    it("updates the signed-in member's details, staying authenticated and checked", () => {
      const signedIn = authReducer(initialAuthState, { type: 'check-succeeded', user });
      const state = authReducer(signedIn, { type: 'refreshed', user: renamed });
      expect(state).toEqual({ user: renamed, checked: true });
      expect(isLoading(state, false)).toBe(false);
    });

    it('never signs anyone in: ignored before the session check and after sign-out', () => {
      expect(authReducer(initialAuthState, { type: 'refreshed', user })).toBe(initialAuthState);
      const signedOut = authReducer(initialAuthState, { type: 'signed-out' });
      expect(authReducer(signedOut, { type: 'refreshed', user })).toBe(signedOut);
    });

    it('never swaps one member for another', () => {
      const signedIn = authReducer(initialAuthState, { type: 'signed-in', user });
      const other: CurrentUser = { ...user, id: testId('u2'), username: 'ada', initials: 'AL' };
      expect(authReducer(signedIn, { type: 'refreshed', user: other })).toBe(signedIn);
    });
  });
});
