import { APP_NAME, DURATIONS } from '../../../shared/domain/constants';
import type { Locale } from '../../../shared/domain/locales';
import { canonicalTimeZone } from '../../../shared/domain/time-zones';
import type { MailMessage } from '../../adapters/mail';
import { escapeHtml } from '../../lib/html';
import { htmlLanguage, mailDate, mailText } from '../../i18n/mail-text';
import { appLinks } from './mail.links';

/**
 * The mails Hearth sends, each as plain text plus a simple HTML version, in the recipient's
 * language (`locale`, ADR 055; the words are in server/i18n/messages). Every value placed into the
 * HTML is escaped: names come from members and must never become markup.
 */

/** What every template is given: the recipient, the site's address, and the language they read. */
interface Recipient {
  to: string;
  origin: string;
  locale: Locale;
}

/** Hearth's name, the same in every language: a value of the messages, not a word of them. */
const app = APP_NAME;

export interface Part {
  /** A paragraph of text. */
  text?: string;
  /** A call to action: the link, shown as a button in HTML and as a bare URL in text. */
  link?: { label: string; url: string };
  /** A code to copy, set apart from the text. */
  code?: string;
}

/** Lays out the parts of one mail in both formats, so the two versions never drift apart. */
export function compose(to: string, subject: string, parts: Part[], locale: Locale): MailMessage {
  const t = mailText(locale);
  const text: string[] = [];
  const html: string[] = [];
  for (const part of parts) {
    if (part.text) {
      text.push(part.text);
      html.push(`<p>${escapeHtml(part.text)}</p>`);
    }
    if (part.code) {
      text.push(`    ${part.code}`);
      html.push(
        `<p style="font-family:monospace;font-size:18px;padding:8px 12px;background:#f4f4f5;display:inline-block">${escapeHtml(part.code)}</p>`,
      );
    }
    if (part.link) {
      text.push(`${part.link.label}: ${part.link.url}`);
      const href = escapeHtml(part.link.url);
      html.push(
        `<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#ea580c;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(part.link.label)}</a></p>`,
        `<p style="color:#71717a;font-size:12px">${escapeHtml(t('mail.layout.orOpen', { url: part.link.url }))}</p>`,
      );
    }
  }
  text.push(`-- \n${APP_NAME}`);
  html.push(`<p style="color:#71717a;font-size:12px">${escapeHtml(APP_NAME)}</p>`);
  return {
    to,
    subject,
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html><html${htmlLanguage(locale)}><body style="font-family:sans-serif;line-height:1.5;color:#18181b">${html.join('\n')}</body></html>\n`,
  };
}

export function invitationMail(
  input: Recipient & {
    code: string;
    inviterName: string | null;
    /** Set when the invitation also leaves them in a group (ADR 041). */
    groupName?: string;
  },
) {
  const t = mailText(input.locale);
  const { inviterName: inviter, groupName: group } = input;
  const invited = group
    ? inviter
      ? t('mail.invitation.invitedToGroupBy', { inviter, group, app })
      : t('mail.invitation.invitedToGroup', { group, app })
    : inviter
      ? t('mail.invitation.invitedBy', { inviter, app })
      : t('mail.invitation.invited', { app });
  const subject = group
    ? t('mail.invitation.subjectGroup', { group, app })
    : t('mail.invitation.subject', { app });
  return compose(
    input.to,
    subject,
    [
      { text: invited },
      ...(group ? [{ text: t('mail.invitation.inGroup', { group }) }] : []),
      {
        link: {
          label: t('mail.invitation.accept'),
          url: appLinks.invitation(input.origin, input.code),
        },
      },
      { text: t('mail.invitation.codeIntro') },
      { code: input.code },
      { text: t('mail.invitation.expiry', { days: DURATIONS.invitationDays }) },
    ],
    input.locale,
  );
}

export function confirmationMail(input: Recipient & { code: string }) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.confirmation.subject', { app }),
    [
      { text: t('mail.confirmation.welcome', { app }) },
      {
        link: {
          label: t('mail.confirmation.confirm'),
          url: appLinks.emailConfirmation(input.origin, input.code),
        },
      },
      { text: t('mail.confirmation.codeIntro') },
      { code: input.code },
      { text: t('mail.confirmation.expiry', { hours: DURATIONS.confirmationHours }) },
    ],
    input.locale,
  );
}

export function passwordResetMail(input: Recipient & { token: string }) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.passwordReset.subject', { app }),
    [
      { text: t('mail.passwordReset.asked', { app }) },
      {
        link: {
          label: t('mail.passwordReset.choose'),
          url: appLinks.passwordReset(input.origin, input.token),
        },
      },
      { text: t('mail.passwordReset.tokenIntro') },
      { code: input.token },
      { text: t('mail.passwordReset.expiry', { hours: DURATIONS.resetHours }) },
    ],
    input.locale,
  );
}

/** Sent when an account sees a burst of failed sign-ins (at most once an hour). */
export function signInFailuresMail(input: Recipient) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.signInFailures.subject', { app }),
    [
      { text: t('mail.signInFailures.tried', { app }) },
      { text: t('mail.signInFailures.notYou', { origin: input.origin }) },
    ],
    input.locale,
  );
}

/** The call to choose a new password that several mails end with. */
function resetPasswordLink(input: Recipient): Part {
  return {
    link: {
      label: mailText(input.locale)('mail.common.resetMyPassword'),
      url: appLinks.passwordRequest(input.origin),
    },
  };
}

/**
 * To the owner of an address someone tried to sign up with (ADR 014): the sign-up itself answered
 * as if it had worked, so only the mailbox's owner learns that the address already has an account.
 */
export function signUpAttemptMail(input: Recipient) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.signUpAttempt.subject', { app }),
    [
      { text: t('mail.signUpAttempt.tried', { app }) },
      { text: t('mail.signUpAttempt.signInIntro') },
      { link: { label: t('mail.signUpAttempt.signIn'), url: appLinks.signIn(input.origin) } },
      { text: t('mail.signUpAttempt.resetIntro') },
      resetPasswordLink(input),
      { text: t('mail.signUpAttempt.notYou') },
    ],
    input.locale,
  );
}

/** After any password change (reset or the Security settings): the owner hears of it. */
export function passwordChangedMail(input: Recipient) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.passwordChanged.subject', { app }),
    [
      { text: t('mail.passwordChanged.changed', { app }) },
      { text: t('mail.passwordChanged.notYou') },
      resetPasswordLink(input),
    ],
    input.locale,
  );
}

/** To the new address of an email change: the link that makes the change (the only way it happens). */
export function emailChangeMail(input: Recipient & { token: string }) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.emailChange.subject', { app }),
    [
      { text: t('mail.emailChange.asked', { app }) },
      {
        link: {
          label: t('mail.emailChange.confirm'),
          url: appLinks.emailChange(input.origin, input.token),
        },
      },
      { text: t('mail.emailChange.expiry', { hours: DURATIONS.emailChangeHours }) },
    ],
    input.locale,
  );
}

/** To the old address once the change is made. Carries no link that could undo or redo it. */
export function emailChangedMail(input: Recipient & { newEmail: string }) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.emailChanged.subject', { app }),
    [
      { text: t('mail.emailChanged.changed', { app, newEmail: input.newEmail }) },
      { text: t('mail.emailChanged.notYou') },
    ],
    input.locale,
  );
}

/**
 * To the owner of an address another member tried to move their account to (ADR 014): the request
 * was answered as if it had worked, so only this mailbox's owner learns that the address is taken.
 */
export function emailChangeAttemptMail(input: Recipient) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.emailChangeAttempt.subject', { app }),
    [{ text: t('mail.emailChangeAttempt.tried', { app }) }, { text: t('mail.emailChangeAttempt.safe') }],
    input.locale,
  );
}

/** After two-factor sign-in is switched on or off: the owner hears of it. */
export function twoFactorChangedMail(input: Recipient & { enabled: boolean }) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    input.enabled
      ? t('mail.twoFactorChanged.subjectOn', { app })
      : t('mail.twoFactorChanged.subjectOff', { app }),
    [
      { text: input.enabled ? t('mail.twoFactorChanged.on') : t('mail.twoFactorChanged.off') },
      { text: t('mail.twoFactorChanged.notYou') },
      resetPasswordLink(input),
    ],
    input.locale,
  );
}

/** When a member's export is built: where to download it, and until when (ADR 021). */
export function dataExportReadyMail(input: Recipient & { expiresAt: Date; timeZone: string | null }) {
  const t = mailText(input.locale);
  const date = memberDate(input.expiresAt, input.timeZone, input.locale);
  return compose(
    input.to,
    t('mail.dataExportReady.subject', { app }),
    [
      { text: t('mail.dataExportReady.ready', { app }) },
      { link: { label: t('mail.dataExportReady.download'), url: appLinks.yourData(input.origin) } },
      { text: t('mail.dataExportReady.until', { date }) },
    ],
    input.locale,
  );
}

/**
 * A day as the member reads it (decision 023): in their own time zone when known, else UTC, and in
 * their language.
 */
export function memberDate(date: Date, timeZone: string | null, locale: Locale): string {
  return mailDate(date, (timeZone && canonicalTimeZone(timeZone)) ?? 'UTC', locale);
}

/** After a deletion request (ADR 022): when it happens, and how to call it off. */
export function accountDeletionScheduledMail(input: Recipient & { date: string }) {
  const t = mailText(input.locale);
  const { date } = input;
  return compose(
    input.to,
    t('mail.accountDeletionScheduled.subject', { app, date }),
    [
      { text: t('mail.accountDeletionScheduled.when', { app, date }) },
      { text: t('mail.accountDeletionScheduled.what') },
      {
        link: {
          label: t('mail.accountDeletionScheduled.keep'),
          url: appLinks.signIn(input.origin),
        },
      },
      { text: t('mail.accountDeletionScheduled.notYou') },
    ],
    input.locale,
  );
}

/** A sign-in during the grace period called the deletion off. */
export function accountDeletionCancelledMail(input: Recipient) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.accountDeletionCancelled.subject', { app }),
    [
      { text: t('mail.accountDeletionCancelled.kept', { app }) },
      { text: t('mail.accountDeletionCancelled.notYou') },
      resetPasswordLink(input),
    ],
    input.locale,
  );
}

/** Why a reply by email did not become a comment (ADR 054): the message that words each reason. */
export const REPLY_REFUSALS = {
  post_deleted: 'mail.replyRefused.postDeleted',
  post_unavailable: 'mail.replyRefused.postUnavailable',
  comment_unavailable: 'mail.replyRefused.commentUnavailable',
  not_allowed: 'mail.replyRefused.notAllowed',
  account_closing: 'mail.replyRefused.accountClosing',
  empty: 'mail.replyRefused.empty',
  too_long: 'mail.replyRefused.tooLong',
} as const;
export type ReplyRefusal = keyof typeof REPLY_REFUSALS;

/**
 * To a member whose reply by email was refused, at their own address (never to a forged sender).
 * It names the reason and no content: the member has what they wrote.
 */
export function replyRefusedMail(input: Recipient & { reason: ReplyRefusal }) {
  const t = mailText(input.locale);
  return compose(
    input.to,
    t('mail.replyRefused.subject', { app }),
    [
      { text: `${t('mail.replyRefused.notPosted')} ${t(REPLY_REFUSALS[input.reason])}` },
      { link: { label: t('mail.replyRefused.open', { app }), url: appLinks.signIn(input.origin) } },
    ],
    input.locale,
  );
}
