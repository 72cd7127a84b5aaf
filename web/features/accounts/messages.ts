import { APP_NAME } from '@shared/domain/constants';

/** Texts of the account screens fixed by the product spec (sections 2, 5, 8 and 9). */
export const ACCOUNT_TEXT = {
  signIn: {
    required: 'Email and password are required',
    failed: 'Sign in failed',
  },
  invitation: {
    title: `${APP_NAME} is currently invite-only.`,
    required: 'Invitation code is required',
    invalid: 'Invalid invitation code',
    failed: 'Failed to validate invitation code',
    submit: 'Join',
    busy: 'Validating...',
    signInLink: 'Sign in now!',
  },
  signUp: {
    required: 'Username, email, and password are required',
    mismatch: "Passwords don't match",
    failed: 'An unexpected error occurred. Please try again.',
    submit: 'Sign up',
    busy: 'Signing up...',
  },
  confirmation: {
    required: 'Confirmation code is required',
    success: 'Your email has been confirmed successfully!',
    failed: 'Failed to confirm email. Please check your code and try again.',
  },
  resend: {
    required: 'Email address is required',
    success: 'A new confirmation code has been sent to your email address.',
    failed: 'Failed to request a new confirmation code. Please try again.',
  },
  passwordRequest: {
    required: 'Email address is required',
    failed: 'Password reset request failed',
    submit: 'Request Reset Link',
    busy: 'Sending...',
    success: "If your email exists in our system, you'll receive password reset instructions shortly.",
    redirectNotice: 'You will be redirected to the password reset page in 5 seconds.',
  },
  passwordReset: {
    required: 'All fields are required',
    mismatch: 'Passwords do not match',
    failed: 'Password reset failed',
    submit: 'Reset Password',
    busy: 'Resetting...',
    success: 'Password successfully reset! Redirecting to login...',
  },
} as const;

/** Spec section 9. */
export const REDIRECT_DELAYS = {
  afterResetRequestMs: 5000,
  afterResetMs: 2000,
  afterConfirmationMs: 2000,
} as const;
