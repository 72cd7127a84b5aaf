import { z } from 'zod';
import { BLANK, text, tooLong, wholeNumber } from './fields';

/** Contracts of the admin controls over inviting: the site's waiting period and one member's switch. */

/** The most an admin can make new members wait before inviting (a year). */
export const INVITE_WAITING_DAYS_MAX = 365;

/** GET/PATCH /api/admin/settings: site-wide settings (a missing setting reads as its default). */
export const SiteSettingsSchema = z.object({
  /** Whole days after sign-up before a member may invite; 0 (the default) means at once. */
  invite_waiting_days: wholeNumber(0, INVITE_WAITING_DAYS_MAX),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const UpdateSiteSettingsBodySchema = z.object({ settings: SiteSettingsSchema });
export type UpdateSiteSettingsBody = z.infer<typeof UpdateSiteSettingsBodySchema>;

/** GET /api/admin/members?username=: one member, found case-insensitively by username. */
export const AdminMemberQuerySchema = z.object({
  username: text(BLANK).trim().min(1, { error: BLANK }).max(100, tooLong(100)),
});

export const AdminMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  can_invite: z.boolean(),
  created_at: z.string(),
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;

/** PATCH /api/admin/members/{id}: switch the member's inviting on or off. */
export const UpdateAdminMemberBodySchema = z.object({ member: z.object({ can_invite: z.boolean() }) });
export type UpdateAdminMemberBody = z.infer<typeof UpdateAdminMemberBodySchema>;
