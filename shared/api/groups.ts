import { z } from 'zod';
import { GROUP_REQUEST_STATUSES, GROUP_ROLES, GROUP_SORTS, LIMITS, REQUEST_ROLES } from '../domain/constants';
import { GROUP_NOTIFICATION_LEVELS, UNREAD_COUNT_CAP } from '../domain/group-notifications';
import { BLANK, PageQuerySchema, text, titleText, tooLong, uuidParam } from './fields';

/** Contracts of groups, members (group roles) and join requests (spec sections 3 and 7). */

export const GroupNotificationLevelSchema = z.enum(GROUP_NOTIFICATION_LEVELS, {
  error: `must be one of ${GROUP_NOTIFICATION_LEVELS.join(', ')}`,
});

export const GroupRoleNameSchema = z.enum(GROUP_ROLES, { error: `must be one of ${GROUP_ROLES.join(', ')}` });

export const GroupBodySchema = z.object({ group: z.object({ name: titleText(LIMITS.groupNameMax) }) });
export type GroupBody = z.infer<typeof GroupBodySchema>;

/**
 * PATCH /api/groups/{id}: any of the name, the description (plain text, up to 1,000 characters,
 * blank clears it) and the picture (an uploaded image of the editor's, by its file request id;
 * null removes it). Owners only.
 */
export const UpdateGroupBodySchema = z.object({
  group: z
    .object({
      name: titleText(LIMITS.groupNameMax).optional(),
      description: text()
        .trim()
        .max(LIMITS.groupDescriptionMax, tooLong(LIMITS.groupDescriptionMax))
        .optional(),
      picture_file_id: z.string().pipe(uuidParam).nullable().optional(),
    })
    .refine((group) => Object.values(group).some((value) => value !== undefined), {
      error: 'nothing to change',
      path: ['base'],
    }),
});
export type UpdateGroupBody = z.infer<typeof UpdateGroupBodySchema>;

/**
 * GET /api/groups?q=&sort=&member=&after=&limit= ; sort status orders by my membership: owner,
 * member, pending, none. `member=true` lists only my groups (the switcher). Cursor paged: headers
 * x-next-cursor and x-has-next-page, as the timelines.
 */
export const GroupListQuerySchema = PageQuerySchema.extend({
  q: text().trim().max(LIMITS.groupNameMax, tooLong(LIMITS.groupNameMax)).optional(),
  sort: z.enum(GROUP_SORTS, { error: `must be one of ${GROUP_SORTS.join(', ')}` }).optional(),
  member: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
export type GroupListQuery = z.infer<typeof GroupListQuerySchema>;

/**
 * A group as the list, the detail, create and update return it. Non-members get the same shape
 * (is_member false, so they see Join Group) and never the group's posts.
 */
export const GroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Initials of the name, e.g. "Book Club" → "BC". */
  avatar: z.string(),
  is_owner: z.boolean(),
  is_member: z.boolean(),
  /** My role here, null when not a member. */
  role: GroupRoleNameSchema.nullable(),
  members_count: z.number().int(),
  created_at: z.string(),
  /** 'pending' while my request to join waits for an answer. */
  request_status: z.literal('pending').nullable(),
  /** Owner: rename, change roles, remove members. */
  can_edit: z.boolean(),
  /** Owner, Moderator, Poster: post into the group. */
  can_post: z.boolean(),
  /** Owner, Moderator: answer join requests. */
  can_answer_requests: z.boolean(),
  /** Plain text, '' when the group has none. */
  description: z.string(),
  /** The group's picture (GET /api/files/{id}), or null: show the initials. */
  picture_url: z.string().nullable(),
  /** Requests waiting for an answer: Owners and Moderators only, null for everyone else. */
  pending_requests_count: z.number().int().nullable(),
  /** My membership (group role) id, to leave with DELETE /api/group_roles/{id}; null when not a member. */
  membership_id: z.string().nullable(),
  /**
   * ADR 045. My chosen notification level here; null when I have not chosen (the default applies)
   * or am not a member. Optional: a group an older client kept offline reads as not chosen.
   */
  notification_level: GroupNotificationLevelSchema.nullable().optional(),
  /** The level that applies when I have not chosen: `all` under 50 members, else `mentions`; null for non-members. */
  notification_level_default: GroupNotificationLevelSchema.nullable().optional(),
  /**
   * Posts by others I may see, newer than my read mark (POST /api/groups/{id}/read), counted up to
   * 100: more than 99 reads "99+". Null for non-members.
   */
  unread_count: z
    .number()
    .int()
    .min(0)
    .max(UNREAD_COUNT_CAP + 1)
    .nullable()
    .optional(),
});
export type Group = z.infer<typeof GroupSchema>;

/**
 * PUT /api/groups/{id}/notification_level: my level in one of my groups (ADR 045); null goes back
 * to the default for the group's size.
 */
export const NotificationLevelBodySchema = z.object({
  notification_level: z.object({
    level: GroupNotificationLevelSchema.nullable(),
  }),
});
export type NotificationLevelBody = z.infer<typeof NotificationLevelBodySchema>;
export const GroupListSchema = z.array(GroupSchema);

/** A member of a group. */
export const GroupMemberSchema = z.object({
  id: z.string(),
  /** Full name (first and last when both exist, else the username). */
  name: z.string(),
  avatar: z.string().nullable(),
  user_id: z.string(),
  username: z.string(),
  role: GroupRoleNameSchema,
  group_id: z.string(),
  /** When they joined (ISO 8601), and the same for people. */
  created_at: z.string(),
  joined_at_human: z.string(),
  /** The member's profile (/profiles/{profile_id}). */
  profile_id: z.string(),
  /** The roles the viewer may give this member right now; empty when they may not change it. */
  assignable_roles: z.array(GroupRoleNameSchema),
  /** Whether the viewer may remove this member (or, for their own row, leave). */
  can_remove: z.boolean(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;
export const GroupMemberListSchema = z.array(GroupMemberSchema);

/** GET /api/groups/{id}/group_roles?after=&limit= : Owners first, then Moderators, Posters, Commentors. */
export const GroupMemberListQuerySchema = PageQuerySchema;

export const UpdateGroupRoleBodySchema = z.object({ group_role: z.object({ role: GroupRoleNameSchema }) });
export type UpdateGroupRoleBody = z.infer<typeof UpdateGroupRoleBodySchema>;

export const GROUP_REQUEST_STATES = ['pending', ...GROUP_REQUEST_STATUSES] as const;

export const GroupRequestSchema = z.object({
  id: z.string(),
  group_id: z.string(),
  group_name: z.string(),
  user_id: z.string(),
  username: z.string(),
  user_full_name: z.string(),
  avatar: z.string().nullable(),
  created_at: z.string(),
  created_at_human: z.string(),
  status: z.enum(GROUP_REQUEST_STATES),
  /** The role granted on acceptance; null while pending or when rejected. */
  role: GroupRoleNameSchema.nullable(),
  /**
   * The roles the viewer may grant by accepting it (a Moderator: Poster or Commentor); empty when
   * the viewer may not answer it or it is answered.
   */
  assignable_roles: z.array(z.enum(REQUEST_ROLES)),
});
export type GroupRequest = z.infer<typeof GroupRequestSchema>;
export const GroupRequestListSchema = z.array(GroupRequestSchema);

export const CreateGroupRequestBodySchema = z.object({
  group_request: z.object({ group_id: z.string({ error: BLANK }).pipe(uuidParam) }),
});
export type CreateGroupRequestBody = z.infer<typeof CreateGroupRequestBodySchema>;

/** Answer a request: status accepted (role required: Poster, Moderator or Commentor) or rejected. */
export const AnswerGroupRequestBodySchema = z.object({
  group_request: z
    .object({
      role: z.enum(REQUEST_ROLES, { error: `must be one of ${REQUEST_ROLES.join(', ')}` }).nullish(),
      status: z.enum(GROUP_REQUEST_STATUSES, {
        error: `must be one of ${GROUP_REQUEST_STATUSES.join(', ')}`,
      }),
    })
    .refine((body) => body.status !== 'accepted' || Boolean(body.role), { error: BLANK, path: ['role'] }),
});
export type AnswerGroupRequestBody = z.infer<typeof AnswerGroupRequestBodySchema>;

/** GET /api/group_requests/pending_count: requests waiting in every group I own or moderate. */
export const PendingRequestsCountSchema = z.object({ count: z.number().int() });
export type PendingRequestsCount = z.infer<typeof PendingRequestsCountSchema>;
