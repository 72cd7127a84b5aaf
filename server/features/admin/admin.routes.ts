import { PageQuerySchema } from '../../../shared/api/fields';
import { AdminFeedbackListSchema } from '../../../shared/api/feedback';
import { IdParamsSchema } from '../../../shared/api/posts';
import {
  AdminReportListSchema,
  AdminReportQuerySchema,
  AdminReportSchema,
  UpdateReportBodySchema,
} from '../../../shared/api/reports';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../app';
import { notFound } from '../../http/errors';
import { decodeCursor, paginate } from '../../http/pagination';
import { presentAdminFeedback } from '../feedback/feedback.presenter';
import { listFeedbacks } from '../feedback/feedback.repo';
import { presentAdminReport } from '../reports/reports.presenter';
import { findReportForReview, listReports, updateReportStatus } from '../reports/reports.repo';
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

  app.get(
    '/api/admin/reports',
    {
      preValidation: adminOnly,
      schema: {
        querystring: PageQuerySchema.extend(AdminReportQuerySchema.shape),
        response: { 200: AdminReportListSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const limit = request.query.limit ?? LIMITS.pageSizeMax;
      const rows = await listReports(db, {
        status: request.query.status,
        cursor: decodeCursor(request.query.after),
        limit,
      });
      return paginate(reply, rows, limit, (row) => row.createdAtExact).map(presentAdminReport);
    },
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      preValidation: adminOnly,
      schema: { params: IdParamsSchema, body: UpdateReportBodySchema, response: { 200: AdminReportSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await context.throttle.hit('memberWrites', admin.id);
      const updated = await updateReportStatus(db, request.params.id, request.body.report.status, admin.id);
      if (!updated) throw notFound();
      return presentAdminReport((await findReportForReview(db, updated.id))!);
    },
  );
}
