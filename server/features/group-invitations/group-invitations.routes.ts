import {
  AnswerGroupInvitationBodySchema,
  ArrivalSchema,
  CreateGroupInvitationBodySchema,
  GroupInvitationListSchema,
  GroupInvitationSchema,
  GroupLinkSchema,
  InviteLinkBodySchema,
  InviteLinkSchema,
  InvitingSchema,
  LinkCodeParamsSchema,
} from '../../../shared/api/group-invitations';
import { IdParamsSchema } from '../../../shared/api/posts';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { logSecurityEvent, requestFields } from '../../http/security-events';
import { assignableRoles, NEWCOMER } from '../../policies/group-roles';
import { RoleGrantRefused } from '../groups/groups.service';
import { presentAuthor } from '../profiles/people';
import { presentGroupInvitation, presentInviteLink } from './group-invitations.presenter';
import { findGroupInvitation, listOpenInvitationsOf } from './group-invitations.repo';
import {
  answerInvitation,
  inviteByEmail,
  inviteMember,
  joinByLink,
  lookUpLink,
  readArrival,
  readInviting,
  setInviteLink,
} from './group-invitations.service';

/** Invitations into groups, group links, and the welcome screen's arrival (ADR 041). */
export function registerGroupInvitationRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };
  const origin = context.config.publicOrigin;

  /** Invite a member (user_id) or someone not on Hearth (email): Owners and Moderators. */
  app.post(
    '/api/groups/:id/invitations',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        body: CreateGroupInvitationBodySchema,
        response: { 200: GroupInvitationSchema, 201: GroupInvitationSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await context.throttle.hit('groupInvitationsMember', user.id);
      const { user_id: userId, email, role } = request.body.invitation;
      try {
        if (email !== undefined) {
          // Every rule of POST /api/invitations, its mail budget included.
          await context.throttle.hit('invitationMailsMember', user.id);
          const { id } = await inviteByEmail(context, request.params.id, user, email, role);
          return reply
            .status(201)
            .send(presentGroupInvitation((await findGroupInvitation(db, id))!, user.id));
        }
        const { id, created } = await inviteMember(db, request.params.id, user.id, userId!, role);
        const row = (await findGroupInvitation(db, id))!;
        return reply.status(created ? 201 : 200).send(presentGroupInvitation(row, user.id));
      } catch (error) {
        if (error instanceof RoleGrantRefused) {
          logSecurityEvent(request.log, 'role_grant_refused', {
            ...requestFields(request),
            group_id: error.groupId,
            target_member_id: error.targetMemberId,
            role: error.role,
            via: 'invitation',
          });
        }
        throw error;
      }
    },
  );

  /** What the viewer may offer an invitee, and (Owners) the link's state. */
  app.get(
    '/api/groups/:id/inviting',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: InvitingSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { role, link } = await readInviting(db, request.params.id, user.id);
      return {
        invitable_roles: assignableRoles(role, NEWCOMER),
        link: role === 'Owner' ? presentInviteLink(link, { origin }) : null,
      };
    },
  );

  app.put(
    '/api/groups/:id/invite_link',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: InviteLinkBodySchema, response: { 200: InviteLinkSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { link, code } = await setInviteLink(db, request.params.id, user.id, request.body.invite_link);
      return presentInviteLink(link, { origin, code });
    },
  );

  app.delete(
    '/api/groups/:id/invite_link',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: InviteLinkSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await setInviteLink(db, request.params.id, user.id, { enabled: false });
      return presentInviteLink(null, { origin });
    },
  );

  /** My open invitations into groups (the inbox), oldest first. */
  app.get(
    '/api/group_invitations',
    { ...signedIn, schema: { response: { 200: GroupInvitationListSchema } } },
    async (request) => {
      const user = requireUser(request);
      const rows = await listOpenInvitationsOf(db, user.id, LIMITS.pageSizeMax);
      return rows.map((row) => presentGroupInvitation(row, user.id));
    },
  );

  app.patch(
    '/api/group_invitations/:id',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        body: AnswerGroupInvitationBodySchema,
        response: { 200: GroupInvitationSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const answered = await answerInvitation(
        db,
        request.params.id,
        user.id,
        request.body.group_invitation.status,
      );
      if (answered.status === 'accepted') {
        logSecurityEvent(request.log, 'role_changed', {
          ...requestFields(request),
          group_id: answered.groupId,
          target_member_id: user.id,
          role: answered.role,
          via: 'invitation',
        });
      }
      return presentGroupInvitation(answered, user.id);
    },
  );

  /** Where a group link leads (the /join page); any link that does not lead in is the same 404. */
  app.get(
    '/api/group_links/:code',
    { ...signedIn, schema: { params: LinkCodeParamsSchema, response: { 200: GroupLinkSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('groupLinksMember', user.id);
      const link = await lookUpLink(db, request.params.code, user.id);
      return { group_id: link.groupId, group_name: link.groupName, is_member: link.isMember };
    },
  );

  app.post(
    '/api/group_links/:code/join',
    { ...signedIn, schema: { params: LinkCodeParamsSchema, response: { 200: GroupLinkSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await context.throttle.hit('groupLinksMember', user.id);
      const joined = await joinByLink(db, request.params.code, user.id);
      return { group_id: joined.groupId, group_name: joined.groupName, is_member: true };
    },
  );

  /** The welcome screen: groups I was invited into and people my inviter follows. */
  app.get(
    '/api/me/arrival',
    { ...signedIn, schema: { response: { 200: ArrivalSchema } } },
    async (request) => {
      const user = requireUser(request);
      const arrival = await readArrival(db, user);
      return {
        groups: arrival.groups.map((group) => ({ id: group.id, name: group.name })),
        inviter: arrival.inviter ? presentAuthor(arrival.inviter) : null,
        suggestions: arrival.suggestions.map((person) => ({
          ...presentAuthor(person),
          is_following: person.isFollowing,
        })),
      };
    },
  );
}
