import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import {
  BLANK,
  emailField,
  hasHiddenFormatting,
  HIDDEN_FORMATTING_MESSAGE,
  identityName,
  text,
  tooLong,
} from './fields';

/** Contracts of the accounts area (spec sections 3 and 7). Request bodies are wrapped as the spec shows. */

/** Messages of the accounts area that are part of the API contract (the web app shows them as-is). */
export const AUTH_MESSAGES = {
  signedUp:
    'Welcome! A confirmation code has been sent to your email address. Enter it to activate your account.',
  invalidCredentials: 'Invalid email or password.',
  unconfirmed: 'You have to confirm your email address before continuing.',
  confirmed: 'Your email has been confirmed successfully!',
  confirmationInvalid: 'Confirmation code is invalid or has expired.',
  confirmationSent: 'A new confirmation code has been sent to your email address.',
  resetRequested: "If your email exists in our system, you'll receive password reset instructions shortly.",
  passwordChanged: 'Your password has been changed successfully.',
  /** Field messages (422 `errors`). */
  taken: 'has already been taken',
  passwordMismatch: "doesn't match Password",
  tokenInvalid: 'is invalid or has expired',
  passwordTooCommon: 'is too common; choose a less guessable one',
} as const;

const passwordField = text(BLANK)
  .min(1, { error: BLANK, abort: true })
  .min(LIMITS.passwordMin, { error: `is too short (minimum is ${LIMITS.passwordMin} characters)` })
  .max(LIMITS.passwordMax, tooLong(LIMITS.passwordMax));

export const usernameField = text(BLANK)
  .trim()
  .min(1, { error: BLANK, abort: true })
  .min(LIMITS.usernameMin, { error: `is too short (minimum is ${LIMITS.usernameMin} characters)` })
  .max(LIMITS.usernameMax, tooLong(LIMITS.usernameMax))
  // Said before the character rule, so a pasted zero-width space is named for what it is.
  .refine((value) => !hasHiddenFormatting(value), { error: HIDDEN_FORMATTING_MESSAGE, abort: true })
  .regex(/^[A-Za-z0-9_]+$/, { error: 'may contain only letters, digits and underscores' });

export const SignUpBodySchema = z.object({
  user: z.object({
    username: usernameField,
    email: emailField,
    password: passwordField,
    first_name: identityName(LIMITS.nameMax),
    last_name: identityName(LIMITS.nameMax),
    invitation_code: text().trim().max(200, tooLong(200)).nullish(),
  }),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

/** 201 after sign-up: the account exists but cannot sign in until its email is confirmed. */
export const SignUpResponseSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  message: z.string(),
});
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const SignInBodySchema = z.object({
  user: z.object({
    email: text(BLANK).trim().min(1, { error: BLANK }).max(LIMITS.emailMax, tooLong(LIMITS.emailMax)),
    password: text(BLANK).min(1, { error: BLANK }).max(1000, tooLong(1000)),
  }),
});

/** GET /api/auth and the sign-in response: who is signed in. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
  initials: z.string(),
  is_admin: z.boolean(),
  /** The member's IANA time zone; null when not yet known (the web then records the browser's). */
  time_zone: z.string().nullable(),
  /** The language the member chose; null when they follow their browser's (ADR 055). */
  locale: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export type SignInBody = z.infer<typeof SignInBodySchema>;

/** POST /api/users/confirmation and POST /api/users/password. */
export const EmailBodySchema = z.object({ user: z.object({ email: emailField }) });
export type EmailBody = z.infer<typeof EmailBodySchema>;

export const PasswordResetBodySchema = z.object({
  user: z.object({
    reset_password_token: text(BLANK).trim().min(1, { error: BLANK }).max(200, tooLong(200)),
    password: passwordField,
    password_confirmation: text(BLANK)
      .min(1, { error: BLANK })
      .max(LIMITS.passwordMax, tooLong(LIMITS.passwordMax)),
  }),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

export const ConfirmationQuerySchema = z.object({
  confirmation_token: text(BLANK).trim().min(1, { error: BLANK }).max(200, tooLong(200)),
});

export type ConfirmationQuery = z.infer<typeof ConfirmationQuerySchema>;

/** 200 answers of confirmation, resend, reset request and reset. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
