import type { UnsubscribeScope } from '../../../shared/api/notifications';
import { APP_NAME } from '../../../shared/domain/constants';
import type { Locale } from '../../../shared/domain/locales';
import type { MailMessage } from '../../adapters/mail';
import { mailText } from '../../i18n/mail-text';
import { compose, type Part } from '../mail/mail.templates';

/**
 * The notification mails: one per notification (instant) and the daily digest, in the recipient's
 * language (`locale`, ADR 055). Each carries a one-click unsubscribe link in its text and in the
 * List-Unsubscribe headers (RFC 2369, RFC 8058).
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

function footer({ origin, token, scope }: Unsubscribe, locale: Locale): Part[] {
  const t = mailText(locale);
  const values = { app: APP_NAME, preferences: notificationLinks.preferences(origin) };
  return [
    {
      text:
        scope === 'all' ? t('mail.notificationMail.whyAll', values) : t('mail.notificationMail.why', values),
    },
    {
      link: {
        label: t('mail.notificationMail.unsubscribe'),
        url: notificationLinks.unsubscribePage(origin, token),
      },
    },
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

/** One notification, mailed at once; `replyTo`: its reply address, when it is about a post. */
export function instantNotificationMail(input: {
  to: string;
  locale: Locale;
  text: string;
  path: string;
  replyTo?: string;
  unsubscribe: Unsubscribe;
}): MailMessage {
  const { origin } = input.unsubscribe;
  const t = mailText(input.locale);
  const message = compose(
    input.to,
    input.text,
    [
      { text: input.text },
      {
        link: {
          label: t('mail.notificationMail.open', { app: APP_NAME }),
          url: notificationLinks.item(origin, input.path),
        },
      },
      // What a mail about a post or comment says when a reply to it becomes a comment (ADR 054).
      ...(input.replyTo ? [{ text: t('mail.notificationMail.replyHint') }] : []),
      ...footer(input.unsubscribe, input.locale),
    ],
    input.locale,
  );
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
  locale: Locale;
  items: Array<{ text: string; path: string; replyTo?: string }>;
  unsubscribe: Unsubscribe;
}): MailMessage {
  const { origin } = input.unsubscribe;
  const t = mailText(input.locale);
  const subject = t('mail.digest.subject', { app: APP_NAME, count: input.items.length });
  const addresses = new Set(input.items.map((item) => item.replyTo));
  const oneThread = addresses.size === 1 ? input.items[0]!.replyTo : undefined;
  const message = compose(
    input.to,
    subject,
    [
      { text: t('mail.digest.intro', { app: APP_NAME }) },
      ...input.items.map((item) => ({
        text:
          `• ${item.text}\n  ${notificationLinks.item(origin, item.path)}` +
          (item.replyTo && !oneThread
            ? `\n  ${t('mail.digest.commentByEmail', { address: item.replyTo })}`
            : ''),
      })),
      ...(oneThread ? [{ text: t('mail.notificationMail.replyHint') }] : []),
      { link: { label: t('mail.digest.openInbox'), url: notificationLinks.inbox(origin) } },
      ...footer(input.unsubscribe, input.locale),
    ],
    input.locale,
  );
  return withReplyTo(withUnsubscribeHeaders(message, input.unsubscribe), oneThread);
}
