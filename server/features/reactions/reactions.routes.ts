import { IdParamsSchema } from '../../../shared/api/posts';
import {
  ReactionParamsSchema,
  ReactionResponseSchema,
  WhoReactedSchema,
} from '../../../shared/api/reactions';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { loadReactionSubject, react, unreact, whoReacted } from './reactions.service';

/**
 * Reactions on posts and comments (ADR 044): PUT gives one emoji, DELETE takes it back (both
 * idempotent, both answer the reactions as they now are), GET lists who reacted. The same calls
 * under /api/posts/{id} and /api/comments/{id}. What the viewer may not see is a 404; an emoji not
 * in the set is a 422 from the params' schema.
 */
export function registerReactionRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const writeOptions = {
    preValidation: signedInOnly,
    schema: { params: ReactionParamsSchema, response: { 200: ReactionResponseSchema } },
  };
  const readOptions = {
    preValidation: signedInOnly,
    schema: { params: IdParamsSchema, response: { 200: WhoReactedSchema } },
  };

  for (const kind of ['post', 'comment'] as const) {
    const base = `/api/${kind}s/:id/reactions`;

    app.put(`${base}/:emoji`, writeOptions, async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { id, emoji } = request.params;
      const target = await loadReactionSubject(db, kind, id, user.id);
      return { emoji, reacted: true, reactions: await react(db, target, user.id, emoji) };
    });

    app.delete(`${base}/:emoji`, writeOptions, async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { id, emoji } = request.params;
      const target = await loadReactionSubject(db, kind, id, user.id);
      return { emoji, reacted: false, reactions: await unreact(db, target, user.id, emoji) };
    });

    app.get(base, readOptions, async (request) => {
      const user = requireUser(request);
      const { subject } = await loadReactionSubject(db, kind, request.params.id, user.id);
      return whoReacted(db, subject, user.id);
    });
  }
}
