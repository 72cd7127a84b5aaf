import { describe, expect, it } from 'vitest';
import { digestMail, instantNotificationMail, REPLY_HINT } from './notification-mails';

const unsubscribe = { origin: 'https://hearth.example', token: 't', scope: 'all' as const };
const one = 'reply-aaaa@hearth.example';
const two = 'reply-bbbb@hearth.example';

describe('reply addresses in notification mails', () => {
  it('an instant mail about a post answers to its address and says so; one about nothing else does not', () => {
    const about = instantNotificationMail({
      to: 'a@x.test',
      text: 'Ben commented',
      path: '/post/1',
      replyTo: one,
      unsubscribe,
    });
    expect(about.replyTo).toBe(one);
    expect(about.text).toContain(REPLY_HINT);
    const other = instantNotificationMail({
      to: 'a@x.test',
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
