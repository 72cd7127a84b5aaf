import { describe, expect, it } from 'vitest';
import { digestMail, instantNotificationMail } from './notification-mails';
import { type NotificationFacts, wordNotification } from './notification-text';

const unsubscribe = { origin: 'https://hearth.example', token: 't', scope: 'all' as const };
const one = 'reply-aaaa@hearth.example';
const two = 'reply-bbbb@hearth.example';
/** The English hint, the spec's words: a reply to this mail becomes a comment (ADR 054). */
const REPLY_HINT = 'Reply to this email to comment.';

describe('reply addresses in notification mails', () => {
  it('an instant mail about a post answers to its address and says so; one about nothing else does not', () => {
    const about = instantNotificationMail({
      to: 'a@x.test',
      locale: 'en',
      text: 'Ben commented',
      path: '/post/1',
      replyTo: one,
      unsubscribe,
    });
    expect(about.replyTo).toBe(one);
    expect(about.text).toContain(REPLY_HINT);
    const other = instantNotificationMail({
      to: 'a@x.test',
      locale: 'en',
      text: 'Ben followed you',
      path: '/profiles/2',
      unsubscribe,
    });
    expect(other.replyTo).toBeUndefined();
    expect(other.text).not.toContain(REPLY_HINT);
  });

  it('a digest about one thread answers to it; one about several names each item’s address instead', () => {
    const single = digestMail({
      to: 'a@x.test',
      locale: 'en',
      items: [
        { text: 'Ben commented', path: '/post/1', replyTo: one },
        { text: 'Cy commented', path: '/post/1', replyTo: one },
      ],
      unsubscribe,
    });
    expect(single.replyTo).toBe(one);
    expect(single.text).toContain(REPLY_HINT);

    const several = digestMail({
      to: 'a@x.test',
      locale: 'en',
      items: [
        { text: 'Ben commented', path: '/post/1', replyTo: one },
        { text: 'Cy commented', path: '/post/2', replyTo: two },
        { text: 'Di followed you', path: '/profiles/3' },
      ],
      unsubscribe,
    });
    expect(several.replyTo).toBeUndefined();
    expect(several.text).not.toContain(REPLY_HINT);
    expect(several.text).toContain(`Comment by email: ${one}`);
    expect(several.text).toContain(`Comment by email: ${two}`);
  });
});

describe('notification mails in the member’s language (ADR 055)', () => {
  const facts: NotificationFacts = {
    kind: 'post_like',
    actorName: 'Ana Lima',
    actorId: 'a1',
    othersCount: 2,
    unreadRows: 0,
    postId: 'p1',
    postTitle: 'Weekend hike',
    linkId: null,
    linkTitle: null,
    inComment: false,
    groupId: 'g1',
    groupName: 'Climbers',
    eventId: null,
    data: {},
  };

  it('words an instant mail to a German member in German, from subject to unsubscribe link', () => {
    const { text, path } = wordNotification(facts, 'de');
    expect(text).toBe('Ana Lima und 2 weitere Personen mögen deinen Beitrag „Weekend hike“');
    expect(wordNotification({ ...facts, othersCount: 0 }, 'de').text).toBe(
      'Ana Lima mag deinen Beitrag „Weekend hike“',
    );
    const mail = instantNotificationMail({
      to: 'a@x.test',
      locale: 'de',
      text,
      path,
      replyTo: one,
      unsubscribe,
    });
    expect(mail.subject).toBe(text);
    expect(mail.text).toContain('In Hearth öffnen: https://hearth.example/post/p1');
    expect(mail.text).toContain('Antworte auf diese E-Mail, um zu kommentieren.');
    expect(mail.text).toContain('Abbestellen: https://hearth.example/unsubscribe?token=t');
    expect(mail.text).not.toMatch(/Open in|Unsubscribe|notification settings/);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Oder öffne diese Adresse: https://hearth.example/post/p1');
  });

  it('gives an Arabic member’s mail lang="ar" and dir="rtl" on its HTML, with Arabic words and plurals', () => {
    const items = [1, 2, 3].map((n) => ({
      text: wordNotification({ ...facts, postId: `p${n}` }, 'ar').text,
      path: `/post/p${n}`,
    }));
    const mail = digestMail({ to: 'a@x.test', locale: 'ar', items, unsubscribe });
    expect(mail.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><body /);
    expect(mail.subject).toBe('ملخصك من Hearth: 3 إشعارات جديدة');
    expect(items[0]!.text).toBe('أُعجب Ana Lima وشخصان آخران بمنشورك «Weekend hike»');
    expect(mail.text).toContain('فتح صندوق الوارد: https://hearth.example/inbox');
  });

  it('keeps an English mail as it always was: no lang or dir on its HTML', () => {
    const mail = instantNotificationMail({
      to: 'a@x.test',
      locale: 'en',
      text: 'Ben commented',
      path: '/post/1',
      unsubscribe,
    });
    expect(mail.html).toMatch(/^<!doctype html><html><body /);
    expect(mail.text).toContain('Open in Hearth: https://hearth.example/post/1');
  });
});
