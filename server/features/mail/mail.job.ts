import { z } from 'zod';
import { LOCALES, SOURCE_LOCALE } from '../../../shared/domain/locales';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { defineJob } from '../../jobs/queue';
import {
  accountDeletionCancelledMail,
  accountDeletionScheduledMail,
  confirmationMail,
  dataExportReadyMail,
  emailChangeAttemptMail,
  emailChangedMail,
  emailChangeMail,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  REPLY_REFUSALS,
  type ReplyRefusal,
  replyRefusedMail,
  signInFailuresMail,
  signUpAttemptMail,
  twoFactorChangedMail,
} from './mail.templates';

/** Who a mail goes to, and the language they read it in (ADR 055; English for a job queued before). */
const recipient = { to: z.string().min(3), locale: z.enum(LOCALES).default(SOURCE_LOCALE) };

/**
 * What to mail, not the rendered mail: the worker renders it with the current templates, origin and
 * the recipient's language. Payloads carry the plain code or token, so finished jobs are deleted
 * soon (see deleteAfterSeconds).
 */
export const MailPayloadSchema = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('invitation'),
    ...recipient,
    code: z.string().min(1),
    inviterName: z.string().nullable(),
    /** The group the invitation leaves them in (ADR 041); absent for a plain Hearth invitation. */
    groupName: z.string().min(1).optional(),
  }),
  z.object({ template: z.literal('confirmation'), ...recipient, code: z.string().min(1) }),
  z.object({ template: z.literal('password_reset'), ...recipient, token: z.string().min(1) }),
  z.object({ template: z.literal('sign_in_failures'), ...recipient }),
  z.object({ template: z.literal('sign_up_attempt'), ...recipient }),
  z.object({ template: z.literal('password_changed'), ...recipient }),
  z.object({ template: z.literal('email_change'), ...recipient, token: z.string().min(1) }),
  z.object({ template: z.literal('email_changed'), ...recipient, newEmail: z.string().min(3) }),
  z.object({ template: z.literal('email_change_attempt'), ...recipient }),
  z.object({ template: z.literal('two_factor_changed'), ...recipient, enabled: z.boolean() }),
  z.object({
    template: z.literal('data_export_ready'),
    ...recipient,
    expiresAt: z.string().datetime(),
    timeZone: z.string().nullable(),
  }),
  /** `date`: the deletion day as the member reads it (see memberDate). */
  z.object({
    template: z.literal('account_deletion_scheduled'),
    ...recipient,
    date: z.string().min(1),
  }),
  z.object({ template: z.literal('account_deletion_cancelled'), ...recipient }),
  z.object({
    template: z.literal('reply_refused'),
    ...recipient,
    reason: z.enum(Object.keys(REPLY_REFUSALS) as [ReplyRefusal, ...ReplyRefusal[]]),
  }),
]);
export type MailPayload = z.infer<typeof MailPayloadSchema>;

export const MAIL_JOB_NAME = 'mail.send';

export function renderMail(payload: MailPayload, origin: string) {
  const { to, locale } = payload;
  switch (payload.template) {
    case 'invitation':
      return invitationMail({
        to,
        origin,
        locale,
        code: payload.code,
        inviterName: payload.inviterName,
        groupName: payload.groupName,
      });
    case 'confirmation':
      return confirmationMail({ to, origin, locale, code: payload.code });
    case 'password_reset':
      return passwordResetMail({ to, origin, locale, token: payload.token });
    case 'sign_in_failures':
      return signInFailuresMail({ to, origin, locale });
    case 'sign_up_attempt':
      return signUpAttemptMail({ to, origin, locale });
    case 'password_changed':
      return passwordChangedMail({ to, origin, locale });
    case 'email_change':
      return emailChangeMail({ to, origin, locale, token: payload.token });
    case 'email_changed':
      return emailChangedMail({ to, origin, locale, newEmail: payload.newEmail });
    case 'email_change_attempt':
      return emailChangeAttemptMail({ to, origin, locale });
    case 'two_factor_changed':
      return twoFactorChangedMail({ to, origin, locale, enabled: payload.enabled });
    case 'data_export_ready':
      return dataExportReadyMail({
        to,
        origin,
        locale,
        expiresAt: new Date(payload.expiresAt),
        timeZone: payload.timeZone,
      });
    case 'account_deletion_scheduled':
      return accountDeletionScheduledMail({ to, origin, locale, date: payload.date });
    case 'account_deletion_cancelled':
      return accountDeletionCancelledMail({ to, origin, locale });
    case 'reply_refused':
      return replyRefusedMail({ to, origin, locale, reason: payload.reason });
  }
}

type MailDeps = Pick<AppContext, 'mailer' | 'config'>;

/**
 * Sends one mail. A burst (an admin's 100 invitations) goes out in seconds: a worker takes 25 at a
 * time, hands 5 at once to the mailer, and fetches again at once while batches come back full.
 * At-least-once: if the worker dies after the mailer accepted the message, the job runs again.
 * The outbox then overwrites the file it wrote (named after the job); over SMTP the member may get
 * the mail twice, with one Message-ID, which beats losing it.
 */
export function mailJob(deps: MailDeps) {
  return defineJob({
    name: MAIL_JOB_NAME,
    schema: MailPayloadSchema,
    retryLimit: 8,
    retryDelaySeconds: 15,
    deleteAfterSeconds: 15 * 60,
    batchSize: 25,
    concurrency: 5,
    async handle(payload, run) {
      await deps.mailer.send(renderMail(payload, deps.config.publicOrigin), {
        key: run.id,
        queuedAt: run.queuedAt,
      });
    },
  });
}

/** Queues a mail in the transaction that made it necessary: it leaves only if that commits. */
export async function enqueueMail(
  context: MailDeps & Pick<AppContext, 'jobs'>,
  tx: DbOrTx,
  payload: MailPayload,
) {
  await context.jobs.enqueue(mailJob(context), payload, { tx });
}
