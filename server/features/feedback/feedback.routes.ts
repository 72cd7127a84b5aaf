import { FeedbackBodySchema, FeedbackSchema } from '../../../shared/api/feedback';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { presentFeedback } from './feedback.presenter';
import { insertFeedback } from './feedback.repo';

export function registerFeedbackRoutes(app: App, context: RouteContext) {
  app.post(
    '/api/feedbacks',
    { preValidation: signedInOnly, schema: { body: FeedbackBodySchema, response: { 201: FeedbackSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const row = await insertFeedback(context.db, {
        userId: user.id,
        content: request.body.feedback.content,
      });
      return reply.status(201).send(presentFeedback(row));
    },
  );
}
