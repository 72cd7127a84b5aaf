import type { FastifyRequest } from 'fastify';
import { PageQuerySchema } from '../../../shared/api/fields';
import { AdminFeedbackListSchema } from '../../../shared/api/feedback';
import { IdParamsSchema } from '../../../shared/api/posts';
import {
  AdminReportListSchema,
  AdminReportQuerySchema,
  AdminReportSchema,
  ReportRemovalBodySchema,
  UpdateReportBodySchema,
} from '../../../shared/api/reports';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../context';
import { requireUser } from '../../http/auth';
import { decodeCursor, paginate } from '../../http/pagination';
import { presentAdminFeedback } from '../feedback/feedback.presenter';
import { listFeedbacks } from '../feedback/feedback.repo';
import { presentAdminReport } from '../reports/reports.presenter';
import { listReports, updateReportStatus, type AdminReportRow } from '../reports/reports.repo';
import { reportedMessageContext } from '../conversations/conversations.service';
import { loadReportForReview, removeReportedContent, requireReviewScope } from '../reports/reports.service';
import { adminOnly, requireAdmin } from './admin.access';

/** Admin review of feedback and reports; paginated like timelines (after, x-next-cursor). */
export function registerAdminRoutes(app: App, context: RouteContext) {
  const { db } = context;

  app.get(
    '/api/admin/feedbacks',
    {
      preValidation: adminOnly,
      schema: { querystring: PageQuerySchema, response: { 200: AdminFeedbackListSchema } },
    },
    async (request, reply) => {
      requireAdmin(request);
      const limit = request.query.limit ?? LIMITS.pageSizeMax;
      const rows = await listFeedbacks(db, { cursor: decodeCursor(request.query.after), limit });
      return paginate(reply, rows, limit, (row) => row.createdAtExact).map(presentAdminFeedback);
    },
  );

  /**
   * Reports: admins review all; a group's Owners and Moderators review the reports on their group's
   * posts and comments (another group's report is a 404 to them). Others get 403 before validation.
   */
  /** A message report shows the message and its immediate context, decrypted for this answer only. */
  const present = async (row: AdminReportRow) =>
    presentAdminReport(
      row,
      row.subject === 'message' && row.messageId
        ? await reportedMessageContext({ db, config: context.config }, row.messageId, row.reporterId)
        : undefined,
    );
  const reviewersOnly = async (request: FastifyRequest) => {
    await requireReviewScope(db, requireUser(request));
  };

  app.get(
    '/api/admin/reports',
    {
      preValidation: reviewersOnly,
      schema: {
        querystring: PageQuerySchema.extend(AdminReportQuerySchema.shape),
        response: { 200: AdminReportListSchema },
      },
    },
    async (request, reply) => {
      const scope = await requireReviewScope(db, requireUser(request));
      const limit = request.query.limit ?? LIMITS.pageSizeMax;
      const rows = await listReports(db, {
        scope,
        status: request.query.status,
        cursor: decodeCursor(request.query.after),
        limit,
      });
      return Promise.all(paginate(reply, rows, limit, (row) => row.createdAtExact).map(present));
    },
  );

  /** Dismiss, resolve or reopen a report; the content stays. */
  app.patch(
    '/api/admin/reports/:id',
    {
      preValidation: reviewersOnly,
      schema: { params: IdParamsSchema, body: UpdateReportBodySchema, response: { 200: AdminReportSchema } },
    },
    async (request) => {
      const reviewer = requireUser(request);
      const scope = await requireReviewScope(db, reviewer);
      await context.throttle.hit('memberWrites', reviewer.id);
      const report = await loadReportForReview(db, scope, request.params.id);
      await updateReportStatus(db, report.id, request.body.report.status, reviewer.id);
      return present(await loadReportForReview(db, scope, report.id));
    },
  );

  /** Remove the reported post or comment with a reason its author is told (content_removed). */
  app.post(
    '/api/admin/reports/:id/removal',
    {
      preValidation: reviewersOnly,
      schema: { params: IdParamsSchema, body: ReportRemovalBodySchema, response: { 200: AdminReportSchema } },
    },
    async (request) => {
      const reviewer = requireUser(request);
      const scope = await requireReviewScope(db, reviewer);
      await context.throttle.hit('memberWrites', reviewer.id);
      const report = await removeReportedContent(
        db,
        scope,
        reviewer.id,
        request.params.id,
        request.body.removal.reason,
      );
      return present(report);
    },
  );
}
