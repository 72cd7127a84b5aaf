import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES } from './live-events';

/** The live stream's events (GET /api/events): the reader accepts these four kinds and no other. */

describe('the live event kinds', () => {
  it('are exactly link.updated, post.created, notification.created and group.requests', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual([
      'group.requests',
      'link.updated',
      'notification.created',
      'post.created',
    ]);
    expect(LIVE_EVENT_TYPES.has('')).toBe(false);
  });
});
