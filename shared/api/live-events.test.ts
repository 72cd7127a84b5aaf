import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES } from './live-events';

/** The live stream's events (GET /api/events): the reader accepts these kinds and no other. */

describe('the live event kinds', () => {
  it('are exactly the links’, posts’, notifications’, join requests’, comments’, counts’, reactions’, pins’, gatherings’, date polls’, polls’, messages’ and conversations’', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual([
      'comment.created',
      'comment.deleted',
      'comment.updated',
      'conversation.updated',
      'date_poll.updated',
      'group.pins',
      'group.requests',
      'group_event.updated',
      'link.updated',
      'message.created',
      'message.deleted',
      'message.updated',
      'notification.created',
      'poll.updated',
      'post.counts',
      'post.created',
      'reactions.changed',
    ]);
    expect(LIVE_EVENT_TYPES.has('')).toBe(false);
  });
});
