import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '@shared/api/notifications';
import type { NotificationKind } from '@shared/domain/constants';
import { activateLocale } from '@web/i18n/i18n';
import {
  type NotificationFacts,
  wordNotification,
} from '../../../server/features/notifications/notification-text';
import { aNotification } from './test-fixtures';
import { notificationText } from './notification-text';

afterEach(() => activateLocale('en'));

const base: NotificationFacts = {
  kind: 'post_like',
  actorName: 'Ana Lima',
  actorId: 'actor-1',
  othersCount: 0,
  unreadRows: 0,
  postId: null,
  postTitle: null,
  linkId: null,
  linkTitle: null,
  inComment: false,
  groupId: null,
  groupName: null,
  eventId: null,
  conversation: null,
  data: {},
};

/** A line as GET /api/notifications presents it, its sentence worded by the server itself. */
function line(kind: NotificationKind, facts: Partial<NotificationFacts> = {}): Notification {
  const all = { ...base, kind, ...facts };
  const subject = all.conversation
    ? { type: 'conversation' as const, id: all.conversation.id, title: all.conversation.name }
    : all.linkId
      ? { type: 'link' as const, id: all.linkId, title: all.linkTitle }
      : all.postId
        ? { type: 'post' as const, id: all.postId, title: all.postTitle }
        : all.groupId
          ? { type: 'group' as const, id: all.groupId, title: all.groupName }
          : null;
  const actor = all.actorName
    ? { name: all.actorName, username: 'ana', avatar: null, profile_id: 'profile-1' }
    : null;
  return aNotification({
    kind,
    actor,
    others_count: all.othersCount,
    subject,
    text: wordNotification(all, 'en').text,
  });
}

const post = { postId: 'p1', postTitle: 'Weekend hike' };
const group = { groupId: 'g1', groupName: 'Chess club' };
const reminder = (lead: string) => ({ title: 'Picnic', lead });
const direct = { conversation: { id: 'c1', kind: 'direct' as const, name: null } };
const circle = { conversation: { id: 'c2', kind: 'circle' as const, name: 'Rope team' } };
const unnamedCircle = { conversation: { id: 'c3', kind: 'circle' as const, name: null } };

// Every wording the server has, each read back through its kind's message.
const lines: Array<[string, Notification]> = [
  ['a comment on a post', line('comment', post)],
  ['a comment on a link', line('comment', { linkId: 'l1', linkTitle: 'Tides' })],
  ['a comment, by three people', line('comment', { ...post, othersCount: 2 })],
  ['a reply', line('reply', { ...post, inComment: true })],
  ['a mention in a post', line('mention', post)],
  ['a mention in a comment', line('mention', { ...post, inComment: true })],
  ['a like, by two people', line('post_like', { ...post, othersCount: 1 })],
  ['a like of an untitled post', line('post_like', { postId: 'p1' })],
  ['a link like', line('link_like', { linkId: 'l1', linkTitle: 'Tides' })],
  ['a reaction to a post', line('reaction', post)],
  ['a reaction to a comment', line('reaction', { ...post, inComment: true })],
  ['a follow', line('follow')],
  ['a join request', line('join_request', group)],
  ['an accepted request', line('request_answered', { ...group, data: { accepted: true } })],
  ['a declined request', line('request_answered', { ...group, data: { accepted: false } })],
  ['a new role', line('role_changed', { ...group, data: { role: 'Moderator' } })],
  ['a changed role', line('role_changed', group)],
  ['a removal', line('group_removed', group)],
  ['a removal from a group without a name', line('group_removed', { groupId: 'g1' })],
  ['a redeemed invitation', line('invitation_redeemed')],
  ['an invitation into a group', line('group_invitation', { ...group, data: { role: 'Poster' } })],
  ['an invitation without a role', line('group_invitation', group)],
  ['a link read', line('link_ready', { actorName: null, linkId: 'l1', linkTitle: 'Tides' })],
  ['a link not read', line('link_failed', { actorName: null, linkId: 'l1', linkTitle: null })],
  [
    'removed content with all its facts',
    line('content_removed', {
      actorName: null,
      ...group,
      data: { subject: 'comment', excerpt: 'Buy now', reason: 'spam: again' },
    }),
  ],
  ['removed content, nothing more said', line('content_removed', { actorName: null })],
  ['new posts in a group', line('group_post', { ...post, ...group, unreadRows: 3 })],
  ['one new post in a group', line('group_post', { ...post, ...group, unreadRows: 1 })],
  [
    'a reminder the day before',
    line('event_reminder', { actorName: null, eventId: 'e1', data: reminder('day_before') }),
  ],
  [
    'a reminder an hour before',
    line('event_reminder', { actorName: null, eventId: 'e1', data: reminder('hour_before') }),
  ],
  ['one message', line('message', { ...direct, unreadRows: 1 })],
  ['three messages', line('message', { ...direct, unreadRows: 3 })],
  ['messages in a circle, from two people', line('message', { ...circle, othersCount: 1, unreadRows: 4 })],
  ['a message in a circle without a name', line('message', { ...unnamedCircle, unreadRows: 1 })],
  [
    'an event edit naming what changed',
    line('event_changed', {
      eventId: 'e1',
      data: { title: 'Picnic', changes: ['time', 'place', 'capacity'] },
    }),
  ],
  [
    'an event edit of one part',
    line('event_changed', { eventId: 'e1', data: { title: 'Picnic', changes: ['title'] } }),
  ],
  ['an event edit naming nothing', line('event_changed', { eventId: 'e1', data: { title: 'Picnic' } })],
  ['a cancelled event', line('event_changed', { eventId: 'e1', data: { title: 'Picnic', cancelled: true } })],
  ['a cancelled untitled event', line('event_changed', { eventId: 'e1', data: { cancelled: true } })],
  [
    'a place off the waiting list',
    line('event_promoted', { actorName: null, eventId: 'e1', data: { title: 'Picnic' } }),
  ],
  ['a date set from a date poll', line('event_scheduled', { eventId: 'e1', data: { title: 'Picnic' } })],
  ['a date set for an untitled event', line('event_scheduled', { eventId: 'e1' })],
  [
    'a reminder of an untitled event',
    line('event_reminder', { actorName: null, data: { lead: 'hour_before' } }),
  ],
];

describe('a notification’s sentence', () => {
  it.each(lines)('reads %s in English exactly as the server worded it', (_, item) => {
    expect(notificationText(item)).toBe(item.text);
  });

  it.each(lines)('reads %s in German through its message', async (_, item) => {
    await activateLocale('de');
    const text = notificationText(item);
    expect(text).not.toBe(item.text);
    expect(text).not.toMatch(/^inbox\./);
  });

  it('agrees the verb and counts the others in the member’s language', async () => {
    await activateLocale('de');
    expect(notificationText(line('post_like', post))).toBe('Ana Lima mag deinen Beitrag „Weekend hike“');
    expect(notificationText(line('post_like', { ...post, othersCount: 3 }))).toBe(
      'Ana Lima und 3 weitere mögen deinen Beitrag „Weekend hike“',
    );
    expect(notificationText(line('role_changed', { ...group, data: { role: 'Moderator' } }))).toBe(
      'Du bist jetzt Moderator in Chess club',
    );
    await activateLocale('ar');
    expect(notificationText(line('follow', { othersCount: 2 }))).toBe('بدأ Ana Lima وشخصان آخران بمتابعتك');
    expect(notificationText(line('group_post', { ...post, ...group, unreadRows: 3 }))).toBe(
      '3 منشورات جديدة في Chess club',
    );
    expect(notificationText(line('event_reminder', { actorName: null, data: reminder('hour_before') }))).toBe(
      'تذكير: تبدأ «Picnic» بعد ساعة',
    );
    await activateLocale('fr');
    expect(notificationText(line('message', { ...circle, othersCount: 1, unreadRows: 4 }))).toBe(
      'Ana Lima et 1 autre personne ont envoyé 4 messages dans Rope team',
    );
  });

  it('lists an event edit’s changed parts as the member’s language lists them', async () => {
    const edit = line('event_changed', {
      eventId: 'e1',
      data: { title: 'Picnic', changes: ['time', 'place', 'capacity'] },
    });
    await activateLocale('de');
    expect(notificationText(edit)).toBe(
      'Ana Lima hat bei der Veranstaltung „Picnic“ die Zeit, den Ort und die Teilnehmerzahl geändert',
    );
    await activateLocale('fr');
    expect(notificationText(line('event_scheduled', { eventId: 'e1', data: { title: 'Picnic' } }))).toBe(
      'Ana Lima a fixé la date de « Picnic »',
    );
    await activateLocale('es');
    expect(
      notificationText(line('event_changed', { eventId: 'e1', data: { title: 'Picnic', cancelled: true } })),
    ).toBe('Ana Lima canceló el evento «Picnic»');
  });

  it('shows a sentence it cannot read back as it came', async () => {
    await activateLocale('de');
    const odd = aNotification({ kind: 'follow', text: 'Ben Ode started following you' });
    expect(notificationText(odd)).toBe('Ben Ode started following you');
  });
});
