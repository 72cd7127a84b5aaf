/**
 * The message ids of the account screens' texts fixed by the product spec (sections 2, 5, 8 and 9);
 * their English, the spec's words, is in ./messages/en.json.
 */
export const ACCOUNT_TEXT = {
  signIn: {
    required: 'accounts.signIn.required',
    failed: 'accounts.signIn.failed',
  },
  invitation: {
    title: 'accounts.invitation.title',
    required: 'accounts.invitation.required',
    invalid: 'accounts.invitation.invalid',
    failed: 'accounts.invitation.failed',
    submit: 'accounts.invitation.submit',
    busy: 'accounts.invitation.busy',
  },
  signUp: {
    required: 'accounts.signUp.required',
    mismatch: 'accounts.signUp.mismatch',
    failed: 'accounts.signUp.failed',
    submit: 'accounts.signUp.submit',
    busy: 'accounts.signUp.busy',
  },
  confirmation: {
    required: 'accounts.confirmation.required',
    success: 'accounts.confirmation.success',
    failed: 'accounts.confirmation.failed',
  },
  resend: {
    required: 'accounts.resend.required',
    success: 'accounts.resend.success',
    failed: 'accounts.resend.failed',
  },
  passwordRequest: {
    required: 'accounts.passwordRequest.required',
    failed: 'accounts.passwordRequest.failed',
    submit: 'accounts.passwordRequest.submit',
    busy: 'accounts.passwordRequest.busy',
    success: 'accounts.passwordRequest.success',
    redirectNotice: 'accounts.passwordRequest.redirectNotice',
  },
  passwordReset: {
    required: 'accounts.passwordReset.required',
    mismatch: 'accounts.passwordReset.mismatch',
    failed: 'accounts.passwordReset.failed',
    submit: 'accounts.passwordReset.submit',
    busy: 'accounts.passwordReset.busy',
    success: 'accounts.passwordReset.success',
  },
} as const;

/** Spec section 9. */
export const REDIRECT_DELAYS = {
  afterResetRequestMs: 5000,
  afterResetMs: 2000,
  afterConfirmationMs: 2000,
} as const;
