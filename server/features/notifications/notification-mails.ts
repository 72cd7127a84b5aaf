import type { UnsubscribeScope } from '../../../shared/api/notifications';
import { APP_NAME } from '../../../shared/domain/constants';
import type { MailMessage } from '../../adapters/mail';
import { compose, type Part } from '../mail/mail.templates';

/**
 * The notification mails: one per notification (instant) and the daily digest. Each carries a
 * one-click unsubscribe link in its text and in the List-Unsubscribe headers (RFC 2369, RFC 8058).
 */

export const notificationLinks = {
  item: (origin: string, path: string) => `${origin}${path}`,
  inbox: (origin: string) => `${origin}/inbox`,
  preferences: (origin: string) => `${origin}/settings/notifications`,
  /** The confirm page a person opens from the mail (a GET changes nothing). */
  unsubscribePage: (origin: string, token: string) =>
    `${origin}/unsubscribe?token=${encodeURIComponent(token)}`,
  /** What mail programs POST to for one-click unsubscribe. */
  unsubscribeApi: (origin: string, token: string) =>
    `${origin}/api/unsubscribe?token=${encodeURIComponent(token)}`,
};

interface Unsubscribe {
  origin: string;
  token: string;
  scope: UnsubscribeScope;
}

function footer({ origin, token, scope }: Unsubscribe): Part[] {
  const what = scope === 'all' ? 'these digests and every other notification mail' : 'mails like this one';
  return [
    {
      text:
        `You get this mail because of your notification settings on ${APP_NAME}. ` +
        `Change them at ${notificationLinks.preferences(origin)}, or stop ${what} here:`,
    },
    { link: { label: 'Unsubscribe', url: notificationLinks.unsubscribePage(origin, token) } },
  ];
}

function withUnsubscribeHeaders(message: MailMessage, unsubscribe: Unsubscribe): MailMessage {
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${notificationLinks.unsubscribeApi(unsubscribe.origin, unsubscribe.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** What a mail about a post or comment says when a reply to it becomes a comment (ADR 054). */
export const REPLY_HINT = 'Reply to this email to comment.';

/** One notification, mailed at once; `replyTo`: its reply address, when it is about a post. */
export function instantNotificationMail(input: {
  to: string;
  text: string;
  path: string;
  replyTo?: string;
  unsubscribe: Unsubscribe;
}): MailMessage {
  const { origin } = input.unsubscribe;
  const message = compose(input.to, input.text, [
    { text: input.text },
    { link: { label: `Open in ${APP_NAME}`, url: notificationLinks.item(origin, input.path) } },
    ...(input.replyTo ? [{ text: REPLY_HINT }] : []),
    ...footer(input.unsubscribe),
  ]);
  return withReplyTo(withUnsubscribeHeaders(message, input.unsubscribe), input.replyTo);
}

function withReplyTo(message: MailMessage, replyTo: string | undefined): MailMessage {
  return replyTo ? { ...message, replyTo } : message;
}

/**
 * What happened since the last digest, one line each. Items about a post carry their reply address:
 * when every item shares one, the digest is about one thread and a reply to it comments there; with
 * several, each item names its own address, and the digest has no Reply-To (a reply to it could not
 * say which thread it answers).
 */
export function digestMail(input: {
  to: string;
  items: Array<{ text: string; path: string; replyTo?: string }>;
  unsubscribe: Unsubscribe;
}): MailMessage {
  const { origin } = input.unsubscribe;
  const count = input.items.length;
  const subject = `Your ${APP_NAME} digest: ${count} new ${count === 1 ? 'notification' : 'notifications'}`;
  const addresses = new Set(input.items.map((item) => item.replyTo));
  const oneThread = addresses.size === 1 ? input.items[0]!.replyTo : undefined;
  const message = compose(input.to, subject, [
    { text: `Here is what happened on ${APP_NAME} since your last digest:` },
    ...input.items.map((item) => ({
      text:
        `• ${item.text}\n  ${notificationLinks.item(origin, item.path)}` +
        (item.replyTo && !oneThread ? `\n  Comment by email: ${item.replyTo}` : ''),
    })),
    ...(oneThread ? [{ text: REPLY_HINT }] : []),
    { link: { label: 'Open your Inbox', url: notificationLinks.inbox(origin) } },
    ...footer(input.unsubscribe),
  ]);
  return withReplyTo(withUnsubscribeHeaders(message, input.unsubscribe), oneThread);
}
