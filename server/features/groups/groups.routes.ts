import {
  AnswerGroupRequestBodySchema,
  CreateGroupRequestBodySchema,
  GroupBodySchema,
  GroupListQuerySchema,
  GroupListSchema,
  GroupMemberListQuerySchema,
  GroupMemberListSchema,
  GroupMemberSchema,
  GroupRequestListSchema,
  GroupRequestSchema,
  GroupSchema,
  PendingRequestsCountSchema,
  UpdateGroupBodySchema,
  UpdateGroupRoleBodySchema,
} from '../../../shared/api/groups';
import type { FastifyRequest } from 'fastify';
import { LIMITS, type GroupRole } from '../../../shared/domain/constants';
import { DeletedResponseSchema, IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { logSecurityEvent, requestFields } from '../../http/security-events';
import { decodeKeyCursor, paginateByKey } from '../../http/key-cursor';
import { canAnswerRequests } from '../../policies/group-roles';
import { presentGroup, presentMember, presentRequest } from './groups.presenter';
import {
  countPendingRequestsForModerator,
  GROUP_CURSOR_KEYS,
  groupCursorKeys,
  listGroups,
  listMembers,
  listPendingRequestsForModerator,
  listPendingRequestsOfGroup,
  MEMBER_CURSOR_KEYS,
} from './groups.repo';
import {
  answerRequest,
  changeMemberRole,
  RoleGrantRefused,
  createGroup,
  loadGroup,
  removeMember,
  requestToJoin,
  requireMembership,
  updateGroup,
} from './groups.service';

export function registerGroupRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };

  /**
   * Runs what may grant a group role, and writes the grant (`grantOf` the result: whose role, and
   * which; no role when nothing was granted) or its refusal to the security event log.
   */
  async function granting<T>(
    request: FastifyRequest,
    via: 'role_change' | 'request_answer',
    grant: () => Promise<T>,
    grantOf: (result: T) => { groupId: string; userId: string; role: GroupRole | null },
  ): Promise<T> {
    try {
      const result = await grant();
      const granted = grantOf(result);
      if (granted.role) {
        logSecurityEvent(request.log, 'role_changed', {
          ...requestFields(request),
          group_id: granted.groupId,
          target_member_id: granted.userId,
          role: granted.role,
          via,
        });
      }
      return result;
    } catch (error) {
      if (error instanceof RoleGrantRefused) {
        logSecurityEvent(request.log, 'role_grant_refused', {
          ...requestFields(request),
          group_id: error.groupId,
          target_member_id: error.targetMemberId,
          role: error.role,
          via,
        });
      }
      throw error;
    }
  }

  /**
   * Every group (or only mine, ?member=true), with my membership; ?q= searches names,
   * ?sort=name|date|status; cursor paged like the timelines.
   */
  app.get(
    '/api/groups',
    { ...signedIn, schema: { querystring: GroupListQuerySchema, response: { 200: GroupListSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { q, sort = 'name', member, after, limit = LIMITS.pageSizeMax } = request.query;
      const rows = await listGroups(db, user.id, {
        q,
        sort,
        memberOnly: member === 'true',
        after: decodeKeyCursor(after, GROUP_CURSOR_KEYS[sort]),
        limit: limit + 1,
      });
      return paginateByKey(reply, rows, limit, (row) => groupCursorKeys(row, sort)).map(presentGroup);
    },
  );

  app.post(
    '/api/groups',
    { ...signedIn, schema: { body: GroupBodySchema, response: { 201: GroupSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return reply.status(201).send(presentGroup(await createGroup(db, user.id, request.body.group.name)));
    },
  );

  /** Non-members get the name and is_member false (Join Group); the timeline stays members-only. */
  app.get(
    '/api/groups/:id',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: GroupSchema } } },
    async (request) => {
      const user = requireUser(request);
      return presentGroup(await loadGroup(db, request.params.id, user.id));
    },
  );

  app.patch(
    '/api/groups/:id',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: UpdateGroupBodySchema, response: { 200: GroupSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return presentGroup(await updateGroup(db, request.params.id, user.id, request.body.group));
    },
  );

  /** The member list: every member may read it (outsiders 403, an unknown group 404); cursor paged. */
  app.get(
    '/api/groups/:id/group_roles',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        querystring: GroupMemberListQuerySchema,
        response: { 200: GroupMemberListSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const role = await requireMembership(db, request.params.id, user.id);
      const { after, limit = LIMITS.pageSizeMax } = request.query;
      const rows = await listMembers(db, request.params.id, {
        after: decodeKeyCursor(after, MEMBER_CURSOR_KEYS),
        limit: limit + 1,
      });
      return paginateByKey(reply, rows, limit, (row) => [row.roleRank, row.joinedAtExact]).map((row) =>
        presentMember(row, { id: user.id, role }),
      );
    },
  );

  app.patch(
    '/api/group_roles/:id',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        body: UpdateGroupRoleBodySchema,
        response: { 200: GroupMemberSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const changed = await granting(
        request,
        'role_change',
        () => changeMemberRole(db, request.params.id, user.id, request.body.group_role.role),
        (result) => result.member,
      );
      return presentMember(changed.member, { id: user.id, role: changed.actorRole });
    },
  );

  app.delete(
    '/api/group_roles/:id',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: DeletedResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await removeMember(db, request.params.id, user.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  /** Pending requests to one group: its Owners and Moderators. */
  app.get(
    '/api/groups/:id/group_requests',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: GroupRequestListSchema } } },
    async (request) => {
      const user = requireUser(request);
      const role = await requireMembership(db, request.params.id, user.id);
      if (!canAnswerRequests(role)) throw forbidden();
      return (await listPendingRequestsOfGroup(db, request.params.id)).map((row) =>
        presentRequest(row, role),
      );
    },
  );

  /** Pending requests to every group I own or moderate (the Group Requests screen). */
  app.get(
    '/api/group_requests',
    { ...signedIn, schema: { response: { 200: GroupRequestListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return (await listPendingRequestsForModerator(db, user.id)).map((row) =>
        presentRequest(row, row.answererRole),
      );
    },
  );

  /** How many requests wait in every group I own or moderate (the sidebar and switcher badges). */
  app.get(
    '/api/group_requests/pending_count',
    { ...signedIn, schema: { response: { 200: PendingRequestsCountSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { count: await countPendingRequestsForModerator(db, user.id) };
    },
  );

  app.post(
    '/api/group_requests',
    { ...signedIn, schema: { body: CreateGroupRequestBodySchema, response: { 201: GroupRequestSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const created = await requestToJoin(db, user.id, request.body.group_request.group_id);
      return reply.status(201).send(presentRequest(created));
    },
  );

  app.patch(
    '/api/group_requests/:id',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        body: AnswerGroupRequestBodySchema,
        response: { 200: GroupRequestSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const answered = await granting(
        request,
        'request_answer',
        () => answerRequest(db, request.params.id, user.id, request.body.group_request),
        (result) => result,
      );
      return presentRequest(answered);
    },
  );
}
