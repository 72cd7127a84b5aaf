import {
  BlockParamsSchema,
  BlockResponseSchema,
  BlockedMemberListSchema,
  CreateBlockBodySchema,
} from '../../../shared/api/blocks';
import { PageQuerySchema } from '../../../shared/api/fields';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { decodeCursor, paginate } from '../../http/pagination';
import { presentBlockedMember } from './blocks.presenter';
import { findBlocksBetween, listBlockedMembers } from './blocks.repo';
import { blockMember, unblockMember } from './blocks.service';

/** A member's blocks: block, unblock, the paged list in settings, and one member's state (profile). */
export function registerBlockRoutes(app: App, context: RouteContext) {
  const { db } = context;

  app.get(
    '/api/blocks',
    {
      preValidation: signedInOnly,
      schema: { querystring: PageQuerySchema, response: { 200: BlockedMemberListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const limit = request.query.limit ?? LIMITS.pageSize;
      const rows = await listBlockedMembers(db, {
        blockerId: user.id,
        cursor: decodeCursor(request.query.after),
        limit,
      });
      return paginate(reply, rows, limit, (row) => row.createdAtExact).map(presentBlockedMember);
    },
  );

  /** Whether the viewer blocks this member (the profile's Block/Unblock). */
  app.get(
    '/api/blocks/:user_id',
    {
      preValidation: signedInOnly,
      schema: { params: BlockParamsSchema, response: { 200: BlockResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const blocks = await findBlocksBetween(db, user.id, request.params.user_id);
      const blocked = blocks.some((block) => block.blockerId === user.id);
      return { user_id: request.params.user_id, blocked };
    },
  );

  app.post(
    '/api/blocks',
    {
      preValidation: signedInOnly,
      schema: {
        body: CreateBlockBodySchema,
        response: { 200: BlockResponseSchema, 201: BlockResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const created = await blockMember(db, user.id, request.body.user_id);
      return reply.status(created ? 201 : 200).send({ user_id: request.body.user_id, blocked: true });
    },
  );

  app.delete(
    '/api/blocks/:user_id',
    {
      preValidation: signedInOnly,
      schema: { params: BlockParamsSchema, response: { 200: BlockResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await unblockMember(db, user.id, request.params.user_id);
      return { user_id: request.params.user_id, blocked: false };
    },
  );
}
