import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../shared/domain/constants';
import { digestCutoff } from './notifications.job';
import { actorPhrase, shortTitle, wordNotification } from './notification-text';
import { aNotificationFacts } from './test-fixtures';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const base = aNotificationFacts();

describe('wordNotification', () => {
  it("words an event's news (ADR 057), leading to the event", () => {
    const event = { ...base, eventId: 'e1' };
    expect(
      wordNotification(
        {
          ...event,
          kind: 'event_changed',
          data: { title: 'Picnic', changes: ['time', 'place'] },
        },
        'en',
      ),
    ).toEqual({ text: 'Ana Lima changed the time and the place of the event “Picnic”', path: '/events/e1' });
    expect(
      wordNotification({ ...event, kind: 'event_changed', data: { title: 'Picnic', cancelled: true } }, 'en')
        .text,
    ).toBe('Ana Lima cancelled the event “Picnic”');
    // In German, the changed parts are listed as German lists them.
    expect(
      wordNotification(
        {
          ...event,
          kind: 'event_changed',
          data: { title: 'Picnic', changes: ['time', 'place', 'capacity'] },
        },
        'de',
      ).text,
    ).toBe('Ana Lima hat bei der Veranstaltung „Picnic“ die Zeit, den Ort und die Teilnehmerzahl geändert');
    expect(wordNotification({ ...event, kind: 'event_promoted', data: { title: 'Picnic' } }, 'en')).toEqual({
      text: 'A place opened up: you are now going to “Picnic”',
      path: '/events/e1',
    });
    // A date poll turned into the event (ADR 057): it leads to the event.
    expect(wordNotification({ ...event, kind: 'event_scheduled', data: { title: 'Picnic' } }, 'en')).toEqual({
      text: 'Ana Lima set the date of “Picnic”',
      path: '/events/e1',
    });
    expect(
      wordNotification({ ...event, kind: 'event_scheduled', data: { title: 'Picnic' } }, 'de').text,
    ).toBe('Ana Lima hat den Termin von „Picnic“ festgelegt');
  });

  it('words a reminder by its lead, in the reader’s language', () => {
    const reminder = {
      ...base,
      eventId: 'e1',
      kind: 'event_reminder' as const,
      actorName: null,
      actorId: null,
    };
    expect(wordNotification({ ...reminder, data: { title: 'Picnic', lead: 'day_before' } }, 'en')).toEqual({
      text: 'Reminder: “Picnic” is tomorrow',
      path: '/events/e1',
    });
    expect(wordNotification({ ...reminder, data: { title: 'Picnic', lead: 'hour_before' } }, 'de').text).toBe(
      'Erinnerung: „Picnic“ beginnt in einer Stunde',
    );
    expect(wordNotification({ ...reminder, data: { lead: 'hour_before' } }, 'fr').text).toBe(
      'Rappel : l’événement commence dans une heure',
    );
  });

  it("words a conversation's unread messages as one line leading to it, never quoting them (ADR 060)", () => {
    const direct = {
      ...base,
      kind: 'message' as const,
      conversation: { id: 'c1', kind: 'direct' as const, name: null },
    };
    expect(wordNotification({ ...direct, unreadRows: 1 }, 'en')).toEqual({
      text: 'Ana Lima sent you a message',
      path: '/messages/c1',
    });
    expect(wordNotification({ ...direct, unreadRows: 3 }, 'en').text).toBe('Ana Lima sent you 3 messages');
    // A line read since still names one message, not none.
    expect(wordNotification({ ...direct, unreadRows: 0 }, 'en').text).toBe('Ana Lima sent you a message');
    const circle = { ...direct, conversation: { id: 'c2', kind: 'circle' as const, name: 'Rope team' } };
    expect(wordNotification({ ...circle, othersCount: 2, unreadRows: 5 }, 'en')).toEqual({
      text: 'Ana Lima and 2 others sent 5 messages in Rope team',
      path: '/messages/c2',
    });
    expect(
      wordNotification(
        { ...circle, conversation: { ...circle.conversation, name: null }, unreadRows: 1 },
        'en',
      ).text,
    ).toBe('Ana Lima sent a message in a group conversation');
    expect(wordNotification({ ...circle, othersCount: 1, unreadRows: 2 }, 'de').text).toBe(
      'Ana Lima und 1 weitere Person haben 2 Nachrichten in Rope team geschickt',
    );
  });

  it('words every kind with a non-empty text and an app path', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const { text, path } = wordNotification({ ...base, kind }, 'en');
      expect(text.length, kind).toBeGreaterThan(0);
      expect(path, kind).toMatch(/^\/[a-z-]/);
    }
  });

  it('words an invitation into a group with its role, leading to the Inbox where it is answered', () => {
    expect(
      wordNotification({ ...base, kind: 'group_invitation', data: { role: 'Moderator' } }, 'en'),
    ).toEqual({
      text: 'Ana Lima invited you to join Climbers as Moderator',
      path: '/inbox',
    });
    expect(wordNotification({ ...base, kind: 'group_invitation', data: {} }, 'en').text).toBe(
      'Ana Lima invited you to join Climbers',
    );
  });

  it('groups likers as "and N others" and quotes long titles short', () => {
    expect(actorPhrase('Ana Lima', 0, 'en')).toBe('Ana Lima');
    expect(actorPhrase('Ana Lima', 1, 'en')).toBe('Ana Lima and 1 other');
    expect(actorPhrase('Ana Lima', 3, 'en')).toBe('Ana Lima and 3 others');
    expect(wordNotification({ ...base, kind: 'post_like', othersCount: 3 }, 'en').text).toBe(
      'Ana Lima and 3 others liked your post “Weekend hike”',
    );
    expect(shortTitle('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
    expect(shortTitle('  two\n lines ')).toBe('two lines');
  });

  it('folds reactions like likes, on a post or on a comment, and leads to the post', () => {
    expect(wordNotification({ ...base, kind: 'reaction', othersCount: 3 }, 'en')).toEqual({
      text: 'Ana Lima and 3 others reacted to your post “Weekend hike”',
      path: `/post/${base.postId}`,
    });
    expect(wordNotification({ ...base, kind: 'reaction', inComment: true }, 'en').text).toBe(
      'Ana Lima reacted to your comment on “Weekend hike”',
    );
  });

  it('leads comments, replies and mentions on a link to the link', () => {
    const onLink = { ...base, postId: null, linkId: 'l1', linkTitle: 'Bees', inComment: true };
    expect(wordNotification({ ...onLink, kind: 'comment' }, 'en')).toEqual({
      text: 'Ana Lima commented on your link “Bees”',
      path: '/links/l1',
    });
    expect(wordNotification({ ...onLink, kind: 'mention' }, 'en').text).toBe(
      'Ana Lima mentioned you in a comment on “Bees”',
    );
    expect(wordNotification({ ...base, kind: 'reply' }, 'en').path).toBe('/post/p1');
  });

  it('words answers, roles and removals from their data', () => {
    expect(wordNotification({ ...base, kind: 'request_answered', data: { accepted: false } }, 'en')).toEqual({
      text: 'Your request to join Climbers was declined',
      path: '/groups',
    });
    expect(
      wordNotification({ ...base, kind: 'request_answered', data: { status: 'accepted' } }, 'en').path,
    ).toBe('/group/g1');
    expect(wordNotification({ ...base, kind: 'role_changed', data: {} }, 'en').text).toBe(
      'Your role in Climbers changed',
    );
    expect(
      wordNotification(
        {
          ...base,
          kind: 'content_removed',
          groupName: null,
          groupId: null,
          data: { subject: 'comment' },
        },
        'en',
      ),
    ).toEqual({ text: 'A moderator removed your comment', path: '/dashboard' });
    expect(wordNotification({ ...base, kind: 'join_request' }, 'en').path).toBe('/group-requests');
  });
});

describe('digestCutoff', () => {
  const cutoff = (now: string, zone?: string) => digestCutoff(new Date(now), zone).toISOString();

  it('is the latest 07:00 UTC at or before now for a member whose zone is unknown', () => {
    expect(cutoff('2026-11-23T16:00:00Z')).toBe('2026-11-23T07:00:00.000Z');
    expect(cutoff('2026-11-23T06:59:00Z')).toBe('2026-11-22T07:00:00.000Z');
    expect(cutoff('2026-11-23T07:00:00Z')).toBe('2026-11-23T07:00:00.000Z');
  });

  it('is 07:00 on the member’s own clock, a day back before it comes', () => {
    // Tokyo is UTC+9: 07:00 there is 22:00 UTC the day before.
    expect(cutoff('2026-11-22T22:00:00Z', 'Asia/Tokyo')).toBe('2026-11-22T22:00:00.000Z');
    expect(cutoff('2026-11-22T21:59:00Z', 'Asia/Tokyo')).toBe('2026-11-21T22:00:00.000Z');
    // Los Angeles in November is UTC-8.
    expect(cutoff('2026-11-23T16:00:00Z', 'America/Los_Angeles')).toBe('2026-11-23T15:00:00.000Z');
    expect(cutoff('2026-11-23T14:59:00Z', 'America/Los_Angeles')).toBe('2026-11-22T15:00:00.000Z');
  });

  it('follows half and quarter hour offsets', () => {
    expect(cutoff('2026-11-23T01:30:00Z', 'Asia/Kolkata')).toBe('2026-11-23T01:30:00.000Z');
    expect(cutoff('2026-11-23T01:29:00Z', 'Asia/Kolkata')).toBe('2026-11-22T01:30:00.000Z');
    expect(cutoff('2026-11-23T01:15:00Z', 'Asia/Kathmandu')).toBe('2026-11-23T01:15:00.000Z');
    expect(cutoff('2026-11-23T12:00:00Z', 'America/St_Johns')).toBe('2026-11-23T10:30:00.000Z');
  });

  it('moves with daylight saving time, so the digest stays at 07:00 on the wall clock', () => {
    // New York: EST (UTC-5) until 2026-03-08 02:00, then EDT (UTC-4).
    expect(cutoff('2026-03-07T18:00:00Z', 'America/New_York')).toBe('2026-03-07T12:00:00.000Z');
    expect(cutoff('2026-03-08T18:00:00Z', 'America/New_York')).toBe('2026-03-08T11:00:00.000Z');
    // The morning after the change, before 07:00 EDT: the day before's 07:00 EST.
    expect(cutoff('2026-03-08T10:59:00Z', 'America/New_York')).toBe('2026-03-07T12:00:00.000Z');
    // London back to GMT on 2026-10-25.
    expect(cutoff('2026-10-24T12:00:00Z', 'Europe/London')).toBe('2026-10-24T06:00:00.000Z');
    expect(cutoff('2026-10-25T12:00:00Z', 'Europe/London')).toBe('2026-10-25T07:00:00.000Z');
    // Lord Howe Island changes by half an hour (UTC+11 to UTC+10:30 on 2026-04-05).
    expect(cutoff('2026-04-04T12:00:00Z', 'Australia/Lord_Howe')).toBe('2026-04-03T20:00:00.000Z');
    expect(cutoff('2026-04-05T12:00:00Z', 'Australia/Lord_Howe')).toBe('2026-04-04T20:30:00.000Z');
  });

  it('crosses month and year ends', () => {
    expect(cutoff('2027-01-01T03:00:00Z', 'UTC')).toBe('2026-12-31T07:00:00.000Z');
    expect(cutoff('2026-03-01T05:00:00Z', 'Europe/Berlin')).toBe('2026-02-28T06:00:00.000Z');
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

describe('group_post (ADR 045)', () => {
  const post = { ...base, kind: 'group_post' as const, actorName: 'Ana Lima' };
  it('names the post and its author while one is unread (or the line is read)', () => {
    expect(wordNotification({ ...post, unreadRows: 1 }, 'en')).toEqual({
      text: 'Ana Lima posted in Climbers: “Weekend hike”',
      path: '/post/p1',
    });
    expect(wordNotification({ ...post, unreadRows: 0 }, 'en').text).toBe(
      'Ana Lima posted in Climbers: “Weekend hike”',
    );
  });

  it('folds several unread posts into one line leading to the group', () => {
    expect(wordNotification({ ...post, unreadRows: 2, othersCount: 1 }, 'en')).toEqual({
      text: '2 new posts in Climbers',
      path: '/group/g1',
    });
    expect(wordNotification({ ...post, unreadRows: 3 }, 'en').text).toBe('3 new posts in Climbers');
  });
});
