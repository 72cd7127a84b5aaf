import {
  AnswerGroupRequestBodySchema,
  CreateGroupRequestBodySchema,
  GroupBodySchema,
  GroupListQuerySchema,
  GroupListSchema,
  GroupMemberListSchema,
  GroupMemberSchema,
  GroupRequestListSchema,
  GroupRequestSchema,
  GroupSchema,
  UpdateGroupRoleBodySchema,
} from '../../../shared/api/groups';
import { DeletedResponseSchema, IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../app';
import { requireUser, signedInOnly } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { canAnswerRequests } from '../../policies/group-roles';
import { presentGroup, presentMember, presentRequest } from './groups.presenter';
import {
  listGroups,
  listMembers,
  listPendingRequestsForModerator,
  listPendingRequestsOfGroup,
} from './groups.repo';
import {
  answerRequest,
  changeMemberRole,
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

  /** Every group, with my membership; ?q= searches names, ?sort=name|date|status. */
  app.get(
    '/api/groups',
    { ...signedIn, schema: { querystring: GroupListQuerySchema, response: { 200: GroupListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return (await listGroups(db, user.id, request.query)).map(presentGroup);
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
      schema: { params: IdParamsSchema, body: GroupBodySchema, response: { 200: GroupSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return presentGroup(await updateGroup(db, request.params.id, user.id, request.body.group.name));
    },
  );

  app.get(
    '/api/groups/:id/group_roles',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: GroupMemberListSchema } } },
    async (request) => {
      const user = requireUser(request);
      await requireMembership(db, request.params.id, user.id);
      return (await listMembers(db, request.params.id)).map(presentMember);
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
      return presentMember(
        await changeMemberRole(db, request.params.id, user.id, request.body.group_role.role),
      );
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
      return (await listPendingRequestsOfGroup(db, request.params.id)).map(presentRequest);
    },
  );

  /** Pending requests to every group I own or moderate (the Group Requests screen). */
  app.get(
    '/api/group_requests',
    { ...signedIn, schema: { response: { 200: GroupRequestListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return (await listPendingRequestsForModerator(db, user.id)).map(presentRequest);
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
      return presentRequest(await answerRequest(db, request.params.id, user.id, request.body.group_request));
    },
  );
}
