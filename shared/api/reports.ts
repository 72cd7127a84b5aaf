import { z } from 'zod';
import { optionalText } from './fields';

/** Contracts of reporting a post (the post card's Report) and of reviewing reports. */

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** POST /api/posts/{id}/report: the body may be left out; one report per member per post. */
export const ReportBodySchema = z
  .object({ report: z.object({ reason: optionalText(1000) }).optional() })
  .nullish()
  .transform((body) => ({ reason: body?.report?.reason ?? null }));
export type ReportBody = z.input<typeof ReportBodySchema>;

/** What the reporter gets back (201 the first time, 200 when already reported). */
export const ReportSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  reason: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

/** GET /api/admin/reports (admins only), newest first; ?status= filters. */
export const AdminReportSchema = ReportSchema.extend({
  created_at_human: z.string(),
  post_tldr: z.string(),
  /** The reported words themselves, so admins can judge a post in a group they do not belong to. */
  post_content: z.string(),
  post_author_username: z.string(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  reporter_id: z.string(),
  reporter_username: z.string(),
  resolved_at: z.string().nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;
export const AdminReportListSchema = z.array(AdminReportSchema);

export const AdminReportQuerySchema = z.object({ status: z.enum(REPORT_STATUSES).optional() });

export const UpdateReportBodySchema = z.object({
  report: z.object({
    status: z.enum(REPORT_STATUSES, { error: `must be one of ${REPORT_STATUSES.join(', ')}` }),
  }),
});
export type UpdateReportBody = z.infer<typeof UpdateReportBodySchema>;
