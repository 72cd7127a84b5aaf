import {
  CheckInvitationBodySchema,
  CheckInvitationResponseSchema,
  CreateInvitationBodySchema,
  INVITATION_MESSAGES,
  InvitationListSchema,
  InvitationSchema,
} from '../../../shared/api/invitations';
import { PageQuerySchema } from '../../../shared/api/fields';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../context';
import { clientSubject } from '../../http/client-ip';
import { requireUser, signedInOnly } from '../../http/auth';
import { forbidden, unprocessable } from '../../http/errors';
import { decodeCursor, paginate } from '../../http/pagination';
import { presentInvitation } from './invitations.presenter';
import { createMemberInvitation, isInvitationOpen, listInvitations } from './invitations.service';

/** Invitations: checking a code before sign-up, and a member's own invitations. */
export function registerInvitationsRoutes(app: App, context: RouteContext) {
  const origin = context.config.publicOrigin;

  app.post(
    '/api/check_invitation',
    {
      schema: {
        body: CheckInvitationBodySchema,
        response: { 200: CheckInvitationResponseSchema, 404: CheckInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      await context.throttle.hit('invitationCheckIp', clientSubject(request));
      if (await isInvitationOpen(context.db, request.body.invitation.code)) return { valid: true };
      return reply.status(404).send({ valid: false, error: INVITATION_MESSAGES.invalidCode });
    },
  );

  app.get(
    '/api/invitations',
    {
      preValidation: signedInOnly,
      schema: { querystring: PageQuerySchema, response: { 200: InvitationListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const limit = request.query.limit ?? LIMITS.pageSizeMax;
      const rows = await listInvitations(context.db, user.id, decodeCursor(request.query.after), limit + 1);
      const page = paginate(
        reply,
        rows.map((row) => ({ ...row, id: row.invitation.id, createdAt: row.invitation.createdAt })),
        limit,
        (row) => row.exactCreatedAt,
      );
      return page.map((row) =>
        presentInvitation(row.invitation, origin, { recipientConfirmed: row.recipientConfirmed }),
      );
    },
  );

  app.post(
    '/api/invitations',
    {
      preValidation: signedInOnly,
      schema: { body: CreateInvitationBodySchema, response: { 201: InvitationSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      // Each invitation makes Hearth mail a stranger: a daily budget per member keeps one account
      // from turning the site into a spam relay. Counted per attempt, like every throttle.
      await context.throttle.hit('invitationMailsMember', user.id);
      const result = await createMemberInvitation(context, user, request.body.invitation.email);
      if ('refused' in result) throw forbidden(result.refused);
      if ('errors' in result) throw unprocessable(result.errors);
      return reply.status(201).send(presentInvitation(result.invitation, origin, { code: result.code }));
    },
  );
}
