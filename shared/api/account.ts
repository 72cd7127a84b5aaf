import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { BLANK, emailField, text, tooLong, uuidParam } from './fields';

/**
 * Contracts of account security (settings → Security): password and email changes, the member's
 * sessions and two-factor sign-in. Every route needs the session; bodies are wrapped in `user`.
 */

export const ACCOUNT_MESSAGES = {
  passwordChanged: 'Your password has been changed. Every other device was signed out.',
  emailChangeRequested: 'Check your new address: we sent it a link to confirm the change.',
  emailChanged: 'Your email address has been changed.',
  emailChangeInvalid: 'This confirmation link is invalid or has expired.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  /** Field messages (422 `errors`). */
  currentPasswordWrong: 'is incorrect',
  sameEmail: 'is already your address',
  codeWrong: 'is incorrect or has already been used',
  signInExpired: 'has expired; sign in again',
} as const;

const currentPassword = text(BLANK).min(1, { error: BLANK }).max(1000, tooLong(1000));
const newPassword = text(BLANK)
  .min(1, { error: BLANK, abort: true })
  .min(LIMITS.passwordMin, { error: `is too short (minimum is ${LIMITS.passwordMin} characters)` })
  .max(LIMITS.passwordMax, tooLong(LIMITS.passwordMax));
/** A 6-digit authenticator code; spaces people type or paste ("123 456") are dropped. */
const totpCode = text(BLANK)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: BLANK })
      .regex(/^\d{6}$/, { error: 'must be 6 digits' }),
  );
/** A recovery code as shown ("abcde-fghij"); case and spaces are forgiven. */
const recoveryCode = text(BLANK)
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().min(1, { error: BLANK }).max(40, { error: 'is invalid' }));

export const ChangePasswordBodySchema = z.object({
  user: z.object({
    current_password: currentPassword,
    password: newPassword,
    password_confirmation: text(BLANK)
      .min(1, { error: BLANK })
      .max(LIMITS.passwordMax, tooLong(LIMITS.passwordMax)),
  }),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangeEmailBodySchema = z.object({
  user: z.object({ email: emailField, current_password: currentPassword }),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const EmailChangeConfirmationBodySchema = z.object({
  user: z.object({ token: text(BLANK).trim().min(1, { error: BLANK }).max(200, tooLong(200)) }),
});
export type EmailChangeConfirmationBody = z.infer<typeof EmailChangeConfirmationBodySchema>;

/** GET /api/account/security: what the Security settings show. */
export const AccountSecuritySchema = z.object({
  email: z.string(),
  /** The address waiting for its confirmation link to be followed, if any. */
  pending_email: z.string().nullable(),
  pending_email_expires_at: z.string().nullable(),
  two_factor_enabled: z.boolean(),
  /** Unused recovery codes left (0 when two-factor sign-in is off). */
  recovery_codes_left: z.number().int(),
});
export type AccountSecurity = z.infer<typeof AccountSecuritySchema>;

/** One of the member's signed-in sessions. */
export const AccountSessionSchema = z.object({
  id: z.string(),
  /** The session making this request ("This device"). */
  current: z.boolean(),
  /** "Firefox 120", or null when the User-Agent names no known browser. */
  browser: z.string().nullable(),
  /** "Windows 10", "iOS 17.1", or null. */
  os: z.string().nullable(),
  /** The network of the last address seen ("203.0.113.0/24", an IPv6 /64), never a guessed place. */
  network: z.string().nullable(),
  created_at: z.string(),
  created_ago: z.string(),
  last_seen_at: z.string(),
  last_seen_ago: z.string(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionListSchema = z.array(AccountSessionSchema);

export const SessionParamsSchema = z.object({ id: uuidParam });

/** POST /api/account/two_factor ({user: {current_password}}): a new secret waiting for its first code. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an `data:image/svg+xml` URL for an <img>. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorCodeBodySchema = z.object({ user: z.object({ code: totpCode }) });
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBodySchema>;

/** Disabling asks for the password and a code from the app (or a recovery code). */
export const DisableTwoFactorBodySchema = z.object({
  user: z.object({ current_password: currentPassword, code: recoveryCode }),
});
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBodySchema>;

export const PasswordConfirmationBodySchema = z.object({
  user: z.object({ current_password: currentPassword }),
});
export type PasswordConfirmationBody = z.infer<typeof PasswordConfirmationBodySchema>;

/** Shown once: only their digests are kept. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** The sign-in answer when the password was right and a second factor is owed (not a session). */
export const TwoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  sign_in_token: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** POST /api/users/sign_in/two_factor: the pending sign-in and either an app code or a recovery code. */
export const TwoFactorSignInBodySchema = z.object({
  user: z
    .object({
      sign_in_token: text(BLANK).min(1, { error: BLANK }).max(200, tooLong(200)),
      code: totpCode.optional(),
      recovery_code: recoveryCode.optional(),
    })
    .refine((user) => user.code !== undefined || user.recovery_code !== undefined, {
      error: BLANK,
      path: ['code'],
    }),
});
export type TwoFactorSignInBody = z.infer<typeof TwoFactorSignInBodySchema>;
