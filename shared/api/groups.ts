import { z } from 'zod';
import { GROUP_REQUEST_STATUSES, GROUP_ROLES, GROUP_SORTS, LIMITS, REQUEST_ROLES } from '../domain/constants';
import { BLANK, text, titleText, uuidParam } from './fields';

/** Contracts of groups, members (group roles) and join requests (spec sections 3 and 7). */

export const GroupRoleNameSchema = z.enum(GROUP_ROLES, { error: `must be one of ${GROUP_ROLES.join(', ')}` });

export const GroupBodySchema = z.object({ group: z.object({ name: titleText(LIMITS.groupNameMax) }) });
export type GroupBody = z.infer<typeof GroupBodySchema>;

/** GET /api/groups?q=&sort= ; sort status orders by my membership: owner, member, pending, none. */
export const GroupListQuerySchema = z.object({
  q: text().trim().max(LIMITS.groupNameMax).optional(),
  sort: z.enum(GROUP_SORTS, { error: `must be one of ${GROUP_SORTS.join(', ')}` }).optional(),
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
});
export type Group = z.infer<typeof GroupSchema>;
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
  created_at: z.string(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;
export const GroupMemberListSchema = z.array(GroupMemberSchema);

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
