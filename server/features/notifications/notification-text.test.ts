import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../shared/domain/constants';
import { digestCutoff } from './notifications.job';
import { actorPhrase, type NotificationFacts, quoteTitle, wordNotification } from './notification-text';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const base: NotificationFacts = {
  kind: 'comment',
  actorName: 'Ana Lima',
  actorId: 'a1',
  othersCount: 0,
  postId: 'p1',
  postTitle: 'Weekend hike',
  linkId: null,
  linkTitle: null,
  inComment: false,
  groupId: 'g1',
  groupName: 'Climbers',
  data: {},
};

describe('wordNotification', () => {
  it('words every kind with a non-empty text and an app path', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const { text, path } = wordNotification({ ...base, kind });
      expect(text.length, kind).toBeGreaterThan(0);
      expect(path, kind).toMatch(/^\/[a-z-]/);
    }
  });

  it('groups likers as "and N others" and quotes long titles short', () => {
    expect(actorPhrase('Ana Lima', 0)).toBe('Ana Lima');
    expect(actorPhrase('Ana Lima', 1)).toBe('Ana Lima and 1 other');
    expect(actorPhrase('Ana Lima', 3)).toBe('Ana Lima and 3 others');
    expect(wordNotification({ ...base, kind: 'post_like', othersCount: 3 }).text).toBe(
      'Ana Lima and 3 others liked your post “Weekend hike”',
    );
    expect(quoteTitle('x'.repeat(100))).toBe(`“${'x'.repeat(59)}…”`);
    expect(quoteTitle('  two\n lines ')).toBe('“two lines”');
  });

  it('leads comments, replies and mentions on a link to the link', () => {
    const onLink = { ...base, postId: null, linkId: 'l1', linkTitle: 'Bees', inComment: true };
    expect(wordNotification({ ...onLink, kind: 'comment' })).toEqual({
      text: 'Ana Lima commented on your link “Bees”',
      path: '/links/l1',
    });
    expect(wordNotification({ ...onLink, kind: 'mention' }).text).toBe(
      'Ana Lima mentioned you in a comment on “Bees”',
    );
    expect(wordNotification({ ...base, kind: 'reply' }).path).toBe('/post/p1');
  });

  it('words answers, roles and removals from their data', () => {
    expect(wordNotification({ ...base, kind: 'request_answered', data: { accepted: false } })).toEqual({
      text: 'Your request to join Climbers was declined',
      path: '/groups',
    });
    expect(wordNotification({ ...base, kind: 'request_answered', data: { status: 'accepted' } }).path).toBe(
      '/group/g1',
    );
    expect(wordNotification({ ...base, kind: 'role_changed', data: {} }).text).toBe(
      'Your role in Climbers changed',
    );
    expect(
      wordNotification({
        ...base,
        kind: 'content_removed',
        groupName: null,
        groupId: null,
        data: { subject: 'comment' },
      }),
    ).toEqual({ text: 'A moderator removed your comment', path: '/dashboard' });
    expect(wordNotification({ ...base, kind: 'join_request' }).path).toBe('/group-requests');
  });
});

describe('digestCutoff', () => {
  it('is the latest 07:00 UTC at or before now', () => {
    expect(digestCutoff(new Date('2026-11-23T16:00:00Z')).toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(digestCutoff(new Date('2026-11-23T06:59:00Z')).toISOString()).toBe('2026-11-22T07:00:00.000Z');
    expect(digestCutoff(new Date('2026-11-23T07:00:00Z')).toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });
});

describe('unsubscribe tokens', () => {
  const userId = '11111111-1111-4111-8111-111111111111';
  it('verifies its own tokens and refuses another key’s', () => {
    const token = signUnsubscribeToken('k'.repeat(32), { userId, scope: 'follow' });
    expect(verifyUnsubscribeToken('k'.repeat(32), token)).toEqual({ ok: true, userId, scope: 'follow' });
    expect(verifyUnsubscribeToken('j'.repeat(32), token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
