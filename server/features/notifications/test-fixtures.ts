import type { NotificationFacts } from './notification-text';

/** A comment by Ana Lima on "Weekend hike" in Climbers: the facts a notification is worded from, for tests. */
export function aNotificationFacts(overrides: Partial<NotificationFacts> = {}): NotificationFacts {
  return {
    kind: 'comment',
    actorName: 'Ana Lima',
    actorId: 'a1',
    othersCount: 0,
    unreadRows: 0,
    postId: 'p1',
    postTitle: 'Weekend hike',
    linkId: null,
    linkTitle: null,
    inComment: false,
    groupId: 'g1',
    groupName: 'Climbers',
    eventId: null,
    conversation: null,
    data: {},
    ...overrides,
  };
}
