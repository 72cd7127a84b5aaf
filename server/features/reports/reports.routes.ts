import { IdParamsSchema, IgnoreResponseSchema } from '../../../shared/api/posts';
import { ReportBodySchema, ReportSchema } from '../../../shared/api/reports';
import type { App, RouteContext } from '../../app';
import { requireUser, signedInOnly } from '../../http/auth';
import { loadVisiblePost } from '../posts/posts.service';
import { presentReport } from './reports.presenter';
import { deleteIgnore, insertIgnore, upsertReport } from './reports.repo';

/** The post card's Report and Ignore. Both need the post to be visible (404 otherwise). */
export function registerReportRoutes(app: App, context: RouteContext) {
  const { db } = context;

  app.post(
    '/api/posts/:id/report',
    {
      preValidation: signedInOnly,
      schema: {
        params: IdParamsSchema,
        body: ReportBodySchema,
        response: { 200: ReportSchema, 201: ReportSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const post = await loadVisiblePost(db, request.params.id, user.id);
      const { report, created } = await upsertReport(db, {
        postId: post.id,
        reporterId: user.id,
        reason: request.body.reason,
      });
      return reply.status(created ? 201 : 200).send(presentReport(report));
    },
  );

  const ignoreOptions = {
    preValidation: signedInOnly,
    schema: { params: IdParamsSchema, response: { 200: IgnoreResponseSchema } },
  };

  app.post('/api/posts/:id/ignore', ignoreOptions, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const post = await loadVisiblePost(db, request.params.id, user.id);
    await insertIgnore(db, post.id, user.id);
    return { ignored: true };
  });

  app.delete('/api/posts/:id/ignore', ignoreOptions, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const post = await loadVisiblePost(db, request.params.id, user.id);
    await deleteIgnore(db, post.id, user.id);
    return { ignored: false };
  });
}
