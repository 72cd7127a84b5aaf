import { APP_NAME, DURATIONS } from '../../../shared/domain/constants';
import { calendarDate } from '../../../shared/domain/time';
import { canonicalTimeZone } from '../../../shared/domain/time-zones';
import type { MailMessage } from '../../adapters/mail';
import { escapeHtml } from '../../lib/html';
import { appLinks } from './mail.links';

/**
 * The mails Hearth sends, each as plain text plus a simple HTML version. Every value placed into
 * the HTML is escaped: names come from members and must never become markup.
 */

export interface Part {
  /** A paragraph of text. */
  text?: string;
  /** A call to action: the link, shown as a button in HTML and as a bare URL in text. */
  link?: { label: string; url: string };
  /** A code to copy, set apart from the text. */
  code?: string;
}

/** Lays out the parts of one mail in both formats, so the two versions never drift apart. */
export function compose(to: string, subject: string, parts: Part[]): MailMessage {
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
        `<p style="color:#71717a;font-size:12px">Or open this address: ${href}</p>`,
      );
    }
  }
  text.push(`-- \n${APP_NAME}`);
  html.push(`<p style="color:#71717a;font-size:12px">${escapeHtml(APP_NAME)}</p>`);
  return {
    to,
    subject,
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#18181b">${html.join('\n')}</body></html>\n`,
  };
}

export function invitationMail(input: {
  to: string;
  origin: string;
  code: string;
  inviterName: string | null;
  /** Set when the invitation also leaves them in a group (ADR 041). */
  groupName?: string;
}) {
  const who = input.inviterName ? `${input.inviterName} has invited you` : 'You have been invited';
  const where = input.groupName ? `the group “${input.groupName}” on ${APP_NAME}` : APP_NAME;
  return compose(input.to, `You're invited to join ${where}`, [
    { text: `${who} to join ${where}, an invite-only place to share posts, links and groups.` },
    ...(input.groupName
      ? [
          {
            text: `Once you have signed up and confirmed your email address, you are in “${input.groupName}”.`,
          },
        ]
      : []),
    { link: { label: 'Accept the invitation', url: appLinks.invitation(input.origin, input.code) } },
    { text: 'Your invitation code, if the sign-up page asks for it:' },
    { code: input.code },
    { text: `The invitation expires in ${DURATIONS.invitationDays} days and can be used once.` },
  ]);
}

export function confirmationMail(input: { to: string; origin: string; code: string }) {
  return compose(input.to, `Confirm your email address for ${APP_NAME}`, [
    { text: `Welcome to ${APP_NAME}! Confirm your email address to activate your account.` },
    {
      link: { label: 'Confirm my email address', url: appLinks.emailConfirmation(input.origin, input.code) },
    },
    { text: 'Or enter this confirmation code on the confirmation page:' },
    { code: input.code },
    {
      text:
        `The code is valid for ${DURATIONS.confirmationHours} hours. ` +
        'If you did not sign up, you can ignore this mail.',
    },
  ]);
}

export function passwordResetMail(input: { to: string; origin: string; token: string }) {
  return compose(input.to, `Reset your ${APP_NAME} password`, [
    { text: `Someone asked to reset the password of your ${APP_NAME} account.` },
    { link: { label: 'Choose a new password', url: appLinks.passwordReset(input.origin, input.token) } },
    { text: 'Or enter this reset token on the password reset page:' },
    { code: input.token },
    {
      text:
        `The token is valid for ${DURATIONS.resetHours} hours and can be used once. ` +
        'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
  ]);
}

/** Sent when an account sees a burst of failed sign-ins (at most once an hour). */
export function signInFailuresMail(input: { to: string; origin: string }) {
  return compose(input.to, `Failed sign-in attempts on your ${APP_NAME} account`, [
    {
      text:
        `Someone has just tried to sign in to your ${APP_NAME} account several times with a wrong ` +
        'password. If that was you, there is nothing to do.',
    },
    {
      text:
        'If it was not, your password kept them out, and browsers you have signed in from before can ' +
        'still sign in. If your password is short or used elsewhere, choose a new one (Forgot your ' +
        `password? on the sign-in page at ${input.origin}).`,
    },
  ]);
}

/**
 * To the owner of an address someone tried to sign up with (ADR 014): the sign-up itself answered
 * as if it had worked, so only the mailbox's owner learns that the address already has an account.
 */
export function signUpAttemptMail(input: { to: string; origin: string }) {
  return compose(input.to, `Someone tried to sign up to ${APP_NAME} with your address`, [
    {
      text:
        `Someone just tried to create a ${APP_NAME} account with this email address, ` +
        'but it already belongs to your account, so nothing was created or changed.',
    },
    { text: 'If it was you, sign in instead:' },
    { link: { label: 'Sign in', url: appLinks.signIn(input.origin) } },
    { text: 'If you have forgotten your password, choose a new one:' },
    { link: { label: 'Reset my password', url: appLinks.passwordRequest(input.origin) } },
    { text: 'If it was not you, you can ignore this mail: your account is safe.' },
  ]);
}

/** After any password change (reset or the Security settings): the owner hears of it. */
export function passwordChangedMail(input: { to: string; origin: string }) {
  return compose(input.to, `Your ${APP_NAME} password was changed`, [
    {
      text:
        `The password of your ${APP_NAME} account was just changed, and every device signed in ` +
        'with the old one was signed out. If it was you, there is nothing more to do.',
    },
    { text: 'If it was not you, choose a new password now and check the address of your mailbox:' },
    { link: { label: 'Reset my password', url: appLinks.passwordRequest(input.origin) } },
  ]);
}

/** To the new address of an email change: the link that makes the change (the only way it happens). */
export function emailChangeMail(input: { to: string; origin: string; token: string }) {
  return compose(input.to, `Confirm your new email address for ${APP_NAME}`, [
    { text: `Someone asked to move a ${APP_NAME} account to this email address.` },
    { link: { label: 'Confirm my new address', url: appLinks.emailChange(input.origin, input.token) } },
    {
      text:
        `The link works once, for ${DURATIONS.emailChangeHours} hours, while you are signed in. ` +
        'If you did not ask for this, ignore this mail: nothing changes.',
    },
  ]);
}

/** To the old address once the change is made. Carries no link that could undo or redo it. */
export function emailChangedMail(input: { to: string; origin: string; newEmail: string }) {
  return compose(input.to, `Your ${APP_NAME} email address was changed`, [
    {
      text:
        `The email address of your ${APP_NAME} account was just changed to ${input.newEmail}, and ` +
        'every other device was signed out. Mail for the account now goes there.',
    },
    {
      text:
        'If this was not you, reply to this mail or contact the site operator at once: someone who ' +
        'knows your password has taken over your account.',
    },
  ]);
}

/**
 * To the owner of an address another member tried to move their account to (ADR 014): the request
 * was answered as if it had worked, so only this mailbox's owner learns that the address is taken.
 */
export function emailChangeAttemptMail(input: { to: string; origin: string }) {
  return compose(input.to, `Someone tried to use your address on ${APP_NAME}`, [
    {
      text:
        `Someone signed in to another ${APP_NAME} account just asked to move it to this email address. ` +
        'It already belongs to your account, so nothing was changed.',
    },
    {
      text: 'If it was you, there is nothing to do. Otherwise you can ignore this mail: your account is safe.',
    },
  ]);
}

/** After two-factor sign-in is switched on or off: the owner hears of it. */
export function twoFactorChangedMail(input: { to: string; origin: string; enabled: boolean }) {
  return compose(
    input.to,
    input.enabled
      ? `Two-factor sign-in is on for your ${APP_NAME} account`
      : `Two-factor sign-in was turned off for your ${APP_NAME} account`,
    [
      {
        text: input.enabled
          ? 'Signing in to your account now asks for a code from your authenticator app after the password. ' +
            'Keep your recovery codes somewhere safe.'
          : 'Signing in to your account now asks only for the password.',
      },
      {
        text:
          'If it was not you, choose a new password now (it signs out every other device) and check ' +
          'the Security settings:',
      },
      { link: { label: 'Reset my password', url: appLinks.passwordRequest(input.origin) } },
    ],
  );
}

/** When a member's export is built: where to download it, and until when (ADR 021). */
export function dataExportReadyMail(input: {
  to: string;
  origin: string;
  expiresAt: Date;
  timeZone: string | null;
}) {
  return compose(input.to, `Your ${APP_NAME} data export is ready`, [
    { text: `The copy of your ${APP_NAME} data you asked for is ready to download from the Your data page.` },
    { link: { label: 'Download my data', url: appLinks.yourData(input.origin) } },
    {
      text:
        `It is available until ${memberDate(input.expiresAt, input.timeZone)}, then it is deleted. ` +
        'You need to be signed in to download it. If you did not ask for this export, change your password.',
    },
  ]);
}

/** A day as the member reads it (decision 023): in their own time zone when known, else UTC. */
export function memberDate(date: Date, timeZone: string | null): string {
  return calendarDate(date, (timeZone && canonicalTimeZone(timeZone)) ?? 'UTC');
}

/** After a deletion request (ADR 022): when it happens, and how to call it off. */
export function accountDeletionScheduledMail(input: { to: string; origin: string; date: string }) {
  return compose(input.to, `Your ${APP_NAME} account will be deleted on ${input.date}`, [
    { text: `Your ${APP_NAME} account will be deleted on ${input.date}. Sign in before then to keep it.` },
    {
      text:
        'Every device was signed out. On that day your posts, comments, links, likes and files are ' +
        'removed for good; members you invited keep their accounts, and groups you own pass to another member.',
    },
    { link: { label: 'Sign in and keep my account', url: appLinks.signIn(input.origin) } },
    { text: 'If it was not you, sign in now and choose a new password.' },
  ]);
}

/** A sign-in during the grace period called the deletion off. */
export function accountDeletionCancelledMail(input: { to: string; origin: string }) {
  return compose(input.to, `Your ${APP_NAME} account will not be deleted`, [
    { text: `You signed in, so your ${APP_NAME} account will not be deleted. Everything is as you left it.` },
    {
      text: 'If it was not you who signed in, choose a new password now (it signs out every other device):',
    },
    { link: { label: 'Reset my password', url: appLinks.passwordRequest(input.origin) } },
  ]);
}

/** Why a reply by email did not become a comment (ADR 054), as the refusal mail words it. */
export const REPLY_REFUSALS = {
  post_deleted: 'The post you replied to was deleted.',
  post_unavailable: 'You can no longer see this post, so you cannot comment on it.',
  comment_unavailable: 'The comment you replied to was deleted, or you can no longer see it.',
  not_allowed: 'Your role in the group does not let you comment there.',
  account_closing: 'Your account is being deleted; sign in to keep it, then reply again.',
  empty: 'We found no text in your reply once the quoted mail and signature were left out.',
  too_long: 'Your reply is longer than a comment may be.',
} as const;
export type ReplyRefusal = keyof typeof REPLY_REFUSALS;

/**
 * To a member whose reply by email was refused, at their own address (never to a forged sender).
 * It names the reason and no content: the member has what they wrote.
 */
export function replyRefusedMail(input: { to: string; origin: string; reason: ReplyRefusal }) {
  return compose(input.to, `Your reply to ${APP_NAME} was not posted`, [
    { text: `Your reply by email was not posted as a comment. ${REPLY_REFUSALS[input.reason]}` },
    { link: { label: `Open ${APP_NAME}`, url: appLinks.signIn(input.origin) } },
  ]);
}
