import { PageQuerySchema } from '../../../shared/api/fields';
import { IdParamsSchema, IgnoreResponseSchema } from '../../../shared/api/posts';
import {
  CommentReportParamsSchema,
  HiddenPostListSchema,
  ReportBodySchema,
  ReportSchema,
  ReportSummarySchema,
} from '../../../shared/api/reports';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { decodeCursor, paginate } from '../../http/pagination';
import { loadVisiblePost } from '../posts/posts.service';
import { deleteIgnore, insertIgnore, listIgnoredPosts } from './ignores.repo';
import { REPORT_TEXT } from './reports.messages';
import { canReportContentOf } from './reports.policy';
import { presentHiddenPost, presentReport } from './reports.presenter';
import { countOpenReports } from './reports.repo';
import { loadReviewScope, reportComment, reportMessage, reportPost } from './reports.service';

/**
 * Report (a post or a comment) and Ignore (a post), and the member's list of hidden posts. Both need
 * the post to be visible (404 otherwise), and neither applies to the member's own post or comment.
 */
export function registerReportRoutes(app: App, context: RouteContext) {
  const { db } = context;

  /**
   * What a member may report, each answered alike: 201 the first time, 200 when already reported. A
   * private message (ADR 060) is one the member may read; admins review it with its neighbours only.
   */
  const reportables = [
    { path: '/api/posts/:id/report', params: IdParamsSchema, file: reportPost },
    { path: '/api/comments/:id/report', params: CommentReportParamsSchema, file: reportComment },
    { path: '/api/messages/:id/report', params: IdParamsSchema, file: reportMessage },
  ];
  for (const { path, params, file } of reportables) {
    app.post(
      path,
      {
        preValidation: signedInOnly,
        schema: { params, body: ReportBodySchema, response: { 200: ReportSchema, 201: ReportSchema } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await context.throttle.hit('memberWrites', user.id);
        const { report, created } = await file(db, user.id, request.params.id, request.body.reason);
        return reply.status(created ? 201 : 200).send(presentReport(report));
      },
    );
  }

  /** Whether the member reviews reports and how many wait (the Reports entry and its badge). */
  app.get(
    '/api/reports/summary',
    { preValidation: signedInOnly, schema: { response: { 200: ReportSummarySchema } } },
    async (request) => {
      const user = requireUser(request);
      const scope = await loadReviewScope(db, user);
      if (!scope) return { can_review: false, open_count: 0 };
      return { can_review: true, open_count: await countOpenReports(db, scope) };
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
    if (!canReportContentOf(user.id, post.userId)) throw forbidden(REPORT_TEXT.ignoreOwnPost);
    await insertIgnore(db, post.id, user.id);
    return { ignored: true };
  });

  /** Undo Ignore ("Show again"): the post returns to the member's timelines and search. */
  app.delete('/api/posts/:id/ignore', ignoreOptions, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const post = await loadVisiblePost(db, request.params.id, user.id);
    await deleteIgnore(db, post.id, user.id);
    return { ignored: false };
  });

  app.get(
    '/api/ignored_posts',
    {
      preValidation: signedInOnly,
      schema: { querystring: PageQuerySchema, response: { 200: HiddenPostListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const limit = request.query.limit ?? LIMITS.pageSize;
      const rows = await listIgnoredPosts(db, {
        userId: user.id,
        cursor: decodeCursor(request.query.after),
        limit,
      });
      return paginate(reply, rows, limit, (row) => row.createdAtExact).map(presentHiddenPost);
    },
  );
}
