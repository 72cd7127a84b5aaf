import { z } from 'zod';
import { BLANK, text, tooLong } from './fields';
import { CurrentUserSchema } from './auth';

/**
 * Contracts of "Delete my account" (settings → Your data, ADR 022): asking for the deletion, the
 * pending state, and the sign-in answer that says a pending deletion was called off.
 */

// Zod-free, so the web client imports them without bundling zod.
export { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_DELETION_MESSAGES } from '../domain/account-deletion';

/**
 * POST /api/account/deletion. `code` (an authenticator code or a recovery code) is required when
 * two-factor sign-in is on; spaces and case are forgiven, as at sign-in.
 */
export const AccountDeletionBodySchema = z.object({
  user: z.object({
    current_password: text(BLANK).min(1, { error: BLANK }).max(1000, tooLong(1000)),
    code: text(BLANK)
      .transform((value) => value.replace(/\s+/g, '').toLowerCase())
      .pipe(z.string().max(40, { error: 'is invalid' }))
      .optional(),
  }),
});
export type AccountDeletionBody = z.infer<typeof AccountDeletionBodySchema>;

/** A deletion that has been asked for and not yet carried out. */
export const ScheduledDeletionSchema = z.object({
  requested_at: z.string(),
  /** When the grace period ends; the account is deleted shortly after. */
  due_at: z.string(),
});
export type ScheduledDeletion = z.infer<typeof ScheduledDeletionSchema>;

/** GET /api/account/deletion (and the 202 answer of the request): what the danger zone needs. */
export const AccountDeletionStateSchema = z.object({
  scheduled: ScheduledDeletionSchema.nullable(),
  grace_days: z.number().int(),
  /** The request must carry a code from the authenticator app (or a recovery code). */
  two_factor_required: z.boolean(),
  /** Why the account cannot be deleted now (the only admin), or null when it can. */
  blocked_reason: z.string().nullable(),
});
export type AccountDeletionState = z.infer<typeof AccountDeletionStateSchema>;

/**
 * The answer of a completed sign-in (password, or password and code): the current member, plus
 * `deletion_cancelled` when this sign-in called off a pending deletion of the account.
 */
export const SignedInSchema = CurrentUserSchema.extend({ deletion_cancelled: z.boolean() });
export type SignedIn = z.infer<typeof SignedInSchema>;
