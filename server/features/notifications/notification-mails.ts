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

/** One notification, mailed at once. */
export function instantNotificationMail(input: {
  to: string;
  text: string;
  path: string;
  unsubscribe: Unsubscribe;
}): MailMessage {
  const { origin } = input.unsubscribe;
  const message = compose(input.to, input.text, [
    { text: input.text },
    { link: { label: `Open in ${APP_NAME}`, url: notificationLinks.item(origin, input.path) } },
    ...footer(input.unsubscribe),
  ]);
  return withUnsubscribeHeaders(message, input.unsubscribe);
}

/** What happened since the last digest, one line each. */
export function digestMail(input: {
  to: string;
  items: Array<{ text: string; path: string }>;
  unsubscribe: Unsubscribe;
}): MailMessage {
  const { origin } = input.unsubscribe;
  const count = input.items.length;
  const subject = `Your ${APP_NAME} digest: ${count} new ${count === 1 ? 'notification' : 'notifications'}`;
  const message = compose(input.to, subject, [
    { text: `Here is what happened on ${APP_NAME} since your last digest:` },
    ...input.items.map((item) => ({
      text: `• ${item.text}\n  ${notificationLinks.item(origin, item.path)}`,
    })),
    { link: { label: 'Open your Inbox', url: notificationLinks.inbox(origin) } },
    ...footer(input.unsubscribe),
  ]);
  return withUnsubscribeHeaders(message, input.unsubscribe);
}
