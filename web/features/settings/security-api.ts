import { queryOptions } from '@tanstack/react-query';
import type {
  AccountSecurity,
  AccountSession,
  ChangePasswordBody,
  RecoveryCodes,
  TwoFactorSetup,
} from '@shared/api/account';
import type { MessageResponse } from '@shared/api/auth';
import { api } from '@web/lib/api-client';

/** Calls of the Security settings (server/features/account). */

export const securityKeys = {
  all: ['account'] as const,
  security: () => ['account', 'security'] as const,
  sessions: () => ['account', 'sessions'] as const,
};

export const securityQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.security(),
    queryFn: async () => (await api.get<AccountSecurity>('/account/security')).data,
  });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.sessions(),
    queryFn: async () => (await api.get<AccountSession[]>('/account/sessions')).data,
  });

export async function changePassword(user: ChangePasswordBody['user']): Promise<MessageResponse> {
  return (await api.patch<MessageResponse>('/account/password', { user })).data;
}

export async function requestEmailChange(user: { email: string; current_password: string }) {
  return (await api.post<AccountSecurity>('/account/email', { user })).data;
}

export async function cancelEmailChange(): Promise<void> {
  await api.delete('/account/email');
}

export async function confirmEmailChange(token: string): Promise<AccountSecurity> {
  return (await api.post<AccountSecurity>('/account/email/confirmation', { user: { token } })).data;
}

export async function signOutSession(id: string): Promise<void> {
  await api.delete(`/account/sessions/${encodeURIComponent(id)}`);
}

export async function signOutOtherSessions(): Promise<void> {
  await api.delete('/account/sessions');
}

/** Enrolment starts only with the current password: a session alone must not enrol a device. */
export async function startTwoFactor(current_password: string): Promise<TwoFactorSetup> {
  return (await api.post<TwoFactorSetup>('/account/two_factor', { user: { current_password } })).data;
}

export async function confirmTwoFactor(code: string): Promise<RecoveryCodes> {
  return (await api.post<RecoveryCodes>('/account/two_factor/confirmation', { user: { code } })).data;
}

export async function disableTwoFactor(user: { current_password: string; code: string }) {
  return (await api.delete<MessageResponse>('/account/two_factor', { body: { user } })).data;
}

export async function regenerateRecoveryCodes(current_password: string): Promise<RecoveryCodes> {
  return (await api.post<RecoveryCodes>('/account/two_factor/recovery_codes', { user: { current_password } }))
    .data;
}
