import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { canReview } from './admin.policy';

/** The signed-in admin, or 401/403: the one check every admin route makes. */
export function requireAdmin(request: FastifyRequest) {
  const user = requireUser(request);
  if (!canReview(user)) throw forbidden();
  return user;
}

/** Route option, like `signedInOnly`: 401/403 before validation, so members never see admin input judged. */
export async function adminOnly(request: FastifyRequest) {
  requireAdmin(request);
}
