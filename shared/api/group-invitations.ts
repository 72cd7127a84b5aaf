import { z } from 'zod';
import { GROUP_INVITATION_STATUSES } from '../domain/constants';
import { INVITE_LINK_LIMITS } from '../domain/group-links';
import { BLANK, emailField, text, tooLong, uuidParam, wholeNumber } from './fields';
import { GroupRoleNameSchema } from './groups';

/**
 * Contracts of invitations into a group (ADR 041): an Owner or Moderator invites a member, or
 * someone not on Hearth yet by email; a member answers; Owners keep a shareable link.
 */

export const GROUP_INVITATION_MESSAGES = {
  /** 422 `errors.base` on a POST naming both or neither of user_id and email. */
  oneInvitee: 'Name either a member (user_id) or an email address, not both.',
  /** 422 `errors.user_id`: unknown, unconfirmed, yourself, or a member with a block between you. */
  notInvitable: 'is not a member you can invite',
  /** 422 `errors.user_id`: already in the group. */
  alreadyMember: 'is already a member of this group',
  /** 422 `errors.base` when accepting an invitation into a group one already belongs to. */
  youAreMember: 'You are already a member of this group.',
  /** 422 `errors.status` on an invitation already answered. */
  answered: 'has already been answered',
} as const;

/** POST /api/groups/{id}/invitations: exactly one of user_id and email; role defaults to Poster. */
export const CreateGroupInvitationBodySchema = z.object({
  invitation: z
    .object({
      user_id: z.string({ error: BLANK }).pipe(uuidParam).optional(),
      email: emailField.optional(),
      role: GroupRoleNameSchema.optional(),
    })
    .refine((body) => (body.user_id === undefined) !== (body.email === undefined), {
      error: GROUP_INVITATION_MESSAGES.oneInvitee,
      path: ['base'],
    }),
});
export type CreateGroupInvitationBody = z.infer<typeof CreateGroupInvitationBodySchema>;

export const GROUP_INVITATION_STATES = ['open', ...GROUP_INVITATION_STATUSES] as const;

/** A person as an invitation names them (the inviter, or the member invited). */
export const InvitationPersonSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  profile_id: z.string(),
});

/**
 * An invitation into a group. The invitee sees it in GET /api/group_invitations; the inviter gets
 * it back from POST (with `invitee` for a member, `email` for someone invited to Hearth).
 */
export const GroupInvitationSchema = z.object({
  id: z.string(),
  group_id: z.string(),
  group_name: z.string(),
  inviter: InvitationPersonSchema,
  invitee: InvitationPersonSchema.nullable(),
  email: z.string().nullable(),
  role: GroupRoleNameSchema,
  status: z.enum(GROUP_INVITATION_STATES),
  created_at: z.string(),
  created_at_human: z.string(),
});
export type GroupInvitation = z.infer<typeof GroupInvitationSchema>;
export const GroupInvitationListSchema = z.array(GroupInvitationSchema);

export const AnswerGroupInvitationBodySchema = z.object({
  group_invitation: z.object({
    status: z.enum(GROUP_INVITATION_STATUSES, {
      error: `must be one of ${GROUP_INVITATION_STATUSES.join(', ')}`,
    }),
  }),
});
export type AnswerGroupInvitationBody = z.infer<typeof AnswerGroupInvitationBodySchema>;

/**
 * PUT /api/groups/{id}/invite_link: turns the link on (or makes a new one; the previous link stops
 * working). expires_in_days 1-90 (default 7); max_uses 1-1000, null or absent for no limit.
 */
export const InviteLinkBodySchema = z.object({
  invite_link: z.object({
    /** false turns the link off (as DELETE does); true or absent turns it on with a new code. */
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
    expires_in_days: wholeNumber(1, INVITE_LINK_LIMITS.expiresInDaysMax).optional(),
    max_uses: wholeNumber(1, INVITE_LINK_LIMITS.maxUsesMax).nullable().optional(),
  }),
});
export type InviteLinkBody = z.infer<typeof InviteLinkBodySchema>;

/**
 * A group's link as its Owners see it. The code is stored hashed, so `url` is given once, in the
 * answer to PUT; afterwards it is null (make a new link to share it again).
 */
export const InviteLinkSchema = z.object({
  enabled: z.boolean(),
  url: z.string().nullable(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  /** Expired or used up: on, but answering like any unknown link. */
  usable: z.boolean(),
});
export type InviteLink = z.infer<typeof InviteLinkSchema>;

/**
 * GET /api/groups/{id}/inviting (Owners and Moderators): the roles the viewer may give an invitee
 * (the one granting rule), and for Owners the link's state (null for Moderators).
 */
export const InvitingSchema = z.object({
  invitable_roles: z.array(GroupRoleNameSchema),
  link: InviteLinkSchema.nullable(),
});
export type Inviting = z.infer<typeof InvitingSchema>;

/** A link's code in the path: URL-safe, bounded, so nonsense is a 404 like any unknown link. */
export const LinkCodeParamsSchema = z.object({ code: text().max(200, tooLong(200)) });

/** GET /api/group_links/{code}: what the link leads to; POST …/join answers the same with the membership. */
export const GroupLinkSchema = z.object({
  group_id: z.string(),
  group_name: z.string(),
  is_member: z.boolean(),
});
export type GroupLink = z.infer<typeof GroupLinkSchema>;

/** GET /api/me/arrival: the groups a new member was invited into, and people their inviter follows. */
export const ArrivalSchema = z.object({
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  inviter: InvitationPersonSchema.nullable(),
  suggestions: z.array(InvitationPersonSchema.extend({ is_following: z.boolean() })),
});
export type Arrival = z.infer<typeof ArrivalSchema>;
