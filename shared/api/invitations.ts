import { z } from 'zod';
import { emailField } from './fields';

export const CheckInvitationBodySchema = z.object({
  invitation: z.object({ code: z.string({ error: "can't be blank" }).trim().min(1, { error: "can't be blank" }).max(200) }),
});

/** 200 {valid:true}; an unknown, used or expired code is 404 {valid:false, error:'Invalid invitation code'}. */
export const CheckInvitationResponseSchema = z.object({ valid: z.boolean(), error: z.string().optional() });

export const CreateInvitationBodySchema = z.object({ invitation: z.object({ email: emailField }) });

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  code: z.string(),
  /** {PUBLIC_ORIGIN}/invitation?code={code} */
  url: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  recipient_id: z.string().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
