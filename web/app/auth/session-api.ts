import type { CurrentUser } from '@shared/api/auth';
import { api } from '@web/lib/api-client';
import type { SecondFactor, SignInCredentials } from './auth-context';

/** Who is signed in (GET /api/auth); a 401 is thrown to the caller, never redirected. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return (await api.get<CurrentUser>('/auth', { redirectOnUnauthorized: false })).data;
}

let startedCheck: Promise<CurrentUser> | null = null;

/**
 * Starts the page's session check with the page (web/app/first-screen.ts), before React has drawn
 * anything, so that the members' frame and screen need not wait for the first render to ask. The
 * auth provider takes this check for its own; its outcome is handled there.
 */
export function startSessionCheck(): Promise<CurrentUser> {
  if (!startedCheck) {
    startedCheck = fetchCurrentUser();
    startedCheck.catch(() => undefined);
  }
  return startedCheck;
}

/** The check started with the page, the first time (the auth provider's first check); else a new one. */
export function takeSessionCheck(): Promise<CurrentUser> {
  const check = startedCheck ?? fetchCurrentUser();
  startedCheck = null;
  return check;
}

/**
 * Who is signed in, asked again by a signed-in screen (GET /api/auth) with the client's usual 401
 * handling: on a protected page a 401 remembers the page and goes to /signin; on a public page it
 * is swallowed and the answer is null (nobody is signed in).
 */
export async function refetchCurrentUser(): Promise<CurrentUser | null> {
  return (await api.get<CurrentUser | null>('/auth')).data;
}

export async function postSignIn({ email, password }: SignInCredentials): Promise<unknown> {
  return (await api.post('/users/sign_in', { user: { email, password } }, { redirectOnUnauthorized: false }))
    .data;
}

export async function postSecondFactor({ signInToken, code, recoveryCode }: SecondFactor): Promise<unknown> {
  const user = { sign_in_token: signInToken, code, recovery_code: recoveryCode };
  return (await api.post('/users/sign_in/two_factor', { user }, { redirectOnUnauthorized: false })).data;
}

/** The password step's answer when the account asks for a code: the pending sign-in's token. */
export function asCodeStep(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const step = value as { two_factor_required?: unknown; sign_in_token?: unknown };
  return step.two_factor_required === true && typeof step.sign_in_token === 'string'
    ? step.sign_in_token
    : null;
}

export async function deleteSession(): Promise<void> {
  await api.delete('/users/sign_out', { redirectOnUnauthorized: false });
}

/** The sign-in response is the current user; the spec does not rely on it, so check before use. */
export function asCurrentUser(value: unknown): CurrentUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Partial<CurrentUser>;
  return typeof user.id === 'string' && typeof user.initials === 'string' ? (user as CurrentUser) : null;
}

/** Records this browser's zone as the member's (PATCH /api/profile), so mail can use it too. */
export async function recordTimeZone(timeZone: string): Promise<void> {
  await api.patch('/profile', { profile: { time_zone: timeZone } });
}

/** Whether this sign-in called off a pending deletion of the account (ADR 022). */
export function deletionWasCancelled(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { deletion_cancelled?: unknown }).deletion_cancelled === true
  );
}
