import { z } from 'zod';
import { optionalText, requiredText, uuidParam } from './fields';

/**
 * Contracts of reporting a post or a comment (the Report menu items) and of reviewing reports: admins
 * review every report, a group's Owners and Moderators the reports on their group's posts.
 */

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** POST /api/posts/{id}/report: the body may be left out; one report per member per post. */
export const ReportBodySchema = z
  .object({ report: z.object({ reason: optionalText(1000) }).optional() })
  .nullish()
  .transform((body) => ({ reason: body?.report?.reason ?? null }));
export type ReportBody = z.input<typeof ReportBodySchema>;

export const REPORT_SUBJECTS = ['post', 'comment', 'message'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

/** What the reporter gets back (201 the first time, 200 when already reported). */
export const ReportSchema = z.object({
  id: z.string(),
  /** A post, or a comment on it (`comment_id`). */
  subject: z.enum(REPORT_SUBJECTS),
  /** Null once the post is gone (removed by a reviewer or deleted by its author). */
  post_id: z.string().nullable(),
  comment_id: z.string().nullable(),
  /** A private message (ADR 060); absent or null for a post or comment report. */
  message_id: z.string().nullable().optional(),
  reason: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

/**
 * One message of a reported message's context for its reviewer (ADR 060): the reported message
 * and the message just before and just after it, never more of the conversation.
 */
export const ReportedMessageSchema = z.object({
  id: z.string(),
  /** Null: a deleted member. */
  sender_username: z.string().nullable(),
  /** Markdown; "" once deleted. */
  content: z.string(),
  deleted: z.boolean(),
  created_at: z.string(),
  /** The message reported (the others are its context). */
  reported: z.boolean(),
});
export type ReportedMessage = z.infer<typeof ReportedMessageSchema>;

/**
 * GET /api/admin/reports, newest first; ?status= filters. Admins see every report, a group's Owners
 * and Moderators the reports on their group's posts and comments.
 */
export const AdminReportSchema = ReportSchema.extend({
  created_at_human: z.string(),
  /** The post's title (for a comment report, the title of the post it is on). */
  post_tldr: z.string(),
  /** The reported words themselves (Markdown), so a reviewer can judge them without the group. */
  post_content: z.string(),
  /** The reported comment's text (Markdown); null for a post report. */
  comment_content: z.string().nullable(),
  /** Who wrote the reported post or comment; null once the content is gone. */
  author_id: z.string().nullable(),
  author_username: z.string().nullable(),
  /** Kept for older clients: the reported content's author. */
  post_author_username: z.string(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  reporter_id: z.string(),
  reporter_username: z.string(),
  resolved_at: z.string().nullable(),
  /** The reviewer removed the content with this reason (told to the author). */
  removal_reason: z.string().nullable(),
  /** The content no longer exists (removed by a reviewer, or deleted by its author). */
  content_removed: z.boolean(),
  /** A message report only: the message and its immediate context, oldest first. */
  message_context: z.array(ReportedMessageSchema).optional(),
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

/** POST /api/comments/{id}/report: the same optional body as a post's report. */
export const CommentReportParamsSchema = z.object({ id: uuidParam });

/** The longest reason a reviewer may give for removing content. */
export const REMOVAL_REASON_MAX = 500;

/** POST /api/admin/reports/{id}/removal: remove the reported post or comment, telling its author why. */
export const ReportRemovalBodySchema = z.object({
  removal: z.object({
    reason: requiredText(REMOVAL_REASON_MAX),
  }),
});
export type ReportRemovalBody = z.infer<typeof ReportRemovalBodySchema>;

/** GET /api/reports/summary: whether the member reviews reports, and how many wait for them. */
export const ReportSummarySchema = z.object({ can_review: z.boolean(), open_count: z.number().int() });
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

/** GET /api/ignored_posts: the posts a member hid with Ignore, most recently hidden first (paged). */
export const HiddenPostSchema = z.object({
  post_id: z.string(),
  tldr: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  profile_id: z.string(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  /** ISO 8601: when the member hid it. */
  ignored_at: z.string(),
});
export type HiddenPost = z.infer<typeof HiddenPostSchema>;
export const HiddenPostListSchema = z.array(HiddenPostSchema);
