import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { BLANK, emailField, text, tooLong } from './fields';

/** Messages of the invitations area that are part of the API contract. */
export const INVITATION_MESSAGES = {
  /** check_invitation's 404 `error`. */
  invalidCode: 'Invalid invitation code',
  /** Sign-up's 422 `errors.invitation_code`. */
  codeInvalid: 'is invalid or has expired',
  /** 422 `errors.base` when a member already holds the maximum of open invitations. */
  quotaReached: `You can have at most ${LIMITS.invitationsOutstanding} open invitations.`,
  /** 403 `error` when an admin has switched inviting off for the member. */
  invitingOff: 'An admin has switched off inviting for your account.',
  /** 403 `error` inside the site's waiting period; `from` is a UTC date (YYYY-MM-DD). */
  waiting: (days: number, from: string) =>
    `New members can invite ${days} days after joining: you can from ${from}.`,
} as const;

export const CheckInvitationBodySchema = z.object({
  invitation: z.object({
    code: text(BLANK).trim().min(1, { error: BLANK }).max(200, tooLong(200)),
  }),
});

/** 200 {valid:true}; an unknown, used or expired code is 404 {valid:false, error:'Invalid invitation code'}. */
export const CheckInvitationResponseSchema = z.object({ valid: z.boolean(), error: z.string().optional() });
export type CheckInvitationResponse = z.infer<typeof CheckInvitationResponseSchema>;

export const CreateInvitationBodySchema = z.object({ invitation: z.object({ email: emailField }) });
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  /**
   * The code is stored hashed, so it is shown once: in the answer to POST /api/invitations (and in
   * the invitation mail). Listed invitations carry code null and url null.
   */
  code: z.string().nullable(),
  /** {PUBLIC_ORIGIN}/invitation?code={code}; null whenever code is. */
  url: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Spent by a sign-up (an answered sign-up spends it whether or not it made an account, ADR 014). */
  redeemed: z.boolean(),
  /** Who joined with it, once they have confirmed their email (only then is it surely them). */
  recipient_id: z.string().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** GET /api/invitations: the member's invitations, newest first (cursor headers as everywhere). */
export const InvitationListSchema = z.array(InvitationSchema);
