import { z } from 'zod';

/**
 * GET /api/me/counts: every number the signed-in frame shows as a badge, in one request. The frame
 * asks this once (on load, on focus, every minute, on a live event) instead of one call per badge;
 * the single-badge endpoints stay for the screens that need one.
 */
export const MeCountsSchema = z.object({
  /** Unread notification lines (the inbox badge; GET /api/notifications/unread_count). */
  unread_notifications: z.number().int(),
  /** Join requests waiting in groups the member owns or moderates (GET /api/group_requests/pending_count). */
  pending_group_requests: z.number().int(),
  /** Whether the member reviews reports, and how many wait for them (GET /api/reports/summary). */
  reports: z.object({ can_review: z.boolean(), open_count: z.number().int() }),
  /** Unread messages in the member's active, unmuted conversations (ADR 060). */
  unread_messages: z.number().int(),
  /** Conversations waiting for the member to accept or decline them. */
  message_requests: z.number().int(),
});
export type MeCounts = z.infer<typeof MeCountsSchema>;
