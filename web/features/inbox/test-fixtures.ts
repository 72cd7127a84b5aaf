import type { Notification } from '@shared/api/notifications';
import { testId } from '@web/test/ids';

/** Test data for the inbox's tests (not imported by the app). */

/** Ana liked the member's post, two hours ago, unread: as GET /api/notifications lists it. */
export function aNotification(overrides: Partial<Notification> = {}): Notification {
  // <Time> works out "how long ago" against the clock: two hours reads the same for half an hour.
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
  return {
    id: testId('notification:n1'),
    kind: 'post_like',
    created_at: twoHoursAgo,
    created_at_human: 'November 23, 2026 at 10:00 AM UTC',
    time_ago: '2 hours ago',
    read: false,
    actor: {
      name: 'Ana Lima',
      username: 'ana',
      avatar: null,
      profile_id: testId('profile:ana'),
    },
    others_count: 0,
    subject: { type: 'post', id: testId('p1'), title: 'Weekend hike' },
    text: 'Ana Lima liked your post “Weekend hike”',
    path: `/post/${testId('p1')}`,
    ...overrides,
  };
}
