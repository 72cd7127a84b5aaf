import { api } from '@web/lib/api-client';

/**
 * Account calls of spec section 7. A 401 here is an answer to show, not a lost session, so none of
 * them redirect to /signin.
 */
const answerUnauthorized = { redirectOnUnauthorized: false } as const;

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  invitation_code: string | null;
}

export async function signUp(user: SignUpInput): Promise<void> {
  await api.post('/users', { user }, answerUnauthorized);
}

export async function checkInvitation(code: string): Promise<{ valid: boolean; error?: string }> {
  const { data } = await api.post<{ valid: boolean; error?: string }>(
    '/check_invitation',
    { invitation: { code } },
    answerUnauthorized,
  );
  return data;
}

export async function confirmEmail(code: string): Promise<void> {
  await api.get('/users/confirmation', { query: { confirmation_token: code }, ...answerUnauthorized });
}

export async function resendConfirmation(email: string): Promise<void> {
  await api.post('/users/confirmation', { user: { email } }, answerUnauthorized);
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/users/password', { user: { email } }, answerUnauthorized);
}

export interface PasswordResetInput {
  reset_password_token: string;
  password: string;
  password_confirmation: string;
}

export async function resetPassword(user: PasswordResetInput): Promise<void> {
  await api.patch('/users/password', { user }, answerUnauthorized);
}
