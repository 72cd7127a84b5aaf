import type { AdminFeedback, Feedback } from '../../../shared/api/feedback';
import { humanDate } from '../../../shared/domain/time';
import type { feedbacks } from '../../db/schema';
import { avatarUrl, displayName } from '../profiles/people';
import type { AdminFeedbackRow } from './feedback.repo';

export function presentFeedback(row: typeof feedbacks.$inferSelect): Feedback {
  return { id: row.id, content: row.content, created_at: row.createdAt.toISOString() };
}

export function presentAdminFeedback(row: AdminFeedbackRow): AdminFeedback {
  return {
    id: row.id,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    created_at_human: humanDate(row.createdAt),
    user_id: row.userId,
    username: row.username,
    name: row.username
      ? displayName({ username: row.username, firstName: row.firstName, lastName: row.lastName })
      : null,
    avatar: avatarUrl(row),
  };
}
