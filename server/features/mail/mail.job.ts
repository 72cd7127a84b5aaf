import { z } from 'zod';
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

/**
 * What to mail, not the rendered mail: the worker renders it with the current templates and origin.
 * Payloads carry the plain code or token, so finished jobs are deleted soon (see deleteAfterSeconds).
 */
export const MailPayloadSchema = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('invitation'),
    to: z.string().min(3),
    code: z.string().min(1),
    inviterName: z.string().nullable(),
    /** The group the invitation leaves them in (ADR 041); absent for a plain Hearth invitation. */
    groupName: z.string().min(1).optional(),
  }),
  z.object({ template: z.literal('confirmation'), to: z.string().min(3), code: z.string().min(1) }),
  z.object({ template: z.literal('password_reset'), to: z.string().min(3), token: z.string().min(1) }),
  z.object({ template: z.literal('sign_in_failures'), to: z.string().min(3) }),
  z.object({ template: z.literal('sign_up_attempt'), to: z.string().min(3) }),
  z.object({ template: z.literal('password_changed'), to: z.string().min(3) }),
  z.object({ template: z.literal('email_change'), to: z.string().min(3), token: z.string().min(1) }),
  z.object({ template: z.literal('email_changed'), to: z.string().min(3), newEmail: z.string().min(3) }),
  z.object({ template: z.literal('email_change_attempt'), to: z.string().min(3) }),
  z.object({ template: z.literal('two_factor_changed'), to: z.string().min(3), enabled: z.boolean() }),
  z.object({
    template: z.literal('data_export_ready'),
    to: z.string().min(3),
    expiresAt: z.string().datetime(),
    timeZone: z.string().nullable(),
  }),
  /** `date`: the deletion day as the member reads it (see memberDate). */
  z.object({
    template: z.literal('account_deletion_scheduled'),
    to: z.string().min(3),
    date: z.string().min(1),
  }),
  z.object({ template: z.literal('account_deletion_cancelled'), to: z.string().min(3) }),
  z.object({
    template: z.literal('reply_refused'),
    to: z.string().min(3),
    reason: z.enum(Object.keys(REPLY_REFUSALS) as [ReplyRefusal, ...ReplyRefusal[]]),
  }),
]);
export type MailPayload = z.infer<typeof MailPayloadSchema>;

export const MAIL_JOB_NAME = 'mail.send';

export function renderMail(payload: MailPayload, origin: string) {
  switch (payload.template) {
    case 'invitation':
      return invitationMail({
        to: payload.to,
        origin,
        code: payload.code,
        inviterName: payload.inviterName,
        groupName: payload.groupName,
      });
    case 'confirmation':
      return confirmationMail({ to: payload.to, origin, code: payload.code });
    case 'password_reset':
      return passwordResetMail({ to: payload.to, origin, token: payload.token });
    case 'sign_in_failures':
      return signInFailuresMail({ to: payload.to, origin });
    case 'sign_up_attempt':
      return signUpAttemptMail({ to: payload.to, origin });
    case 'password_changed':
      return passwordChangedMail({ to: payload.to, origin });
    case 'email_change':
      return emailChangeMail({ to: payload.to, origin, token: payload.token });
    case 'email_changed':
      return emailChangedMail({ to: payload.to, origin, newEmail: payload.newEmail });
    case 'email_change_attempt':
      return emailChangeAttemptMail({ to: payload.to, origin });
    case 'two_factor_changed':
      return twoFactorChangedMail({ to: payload.to, origin, enabled: payload.enabled });
    case 'data_export_ready':
      return dataExportReadyMail({
        to: payload.to,
        origin,
        expiresAt: new Date(payload.expiresAt),
        timeZone: payload.timeZone,
      });
    case 'account_deletion_scheduled':
      return accountDeletionScheduledMail({ to: payload.to, origin, date: payload.date });
    case 'account_deletion_cancelled':
      return accountDeletionCancelledMail({ to: payload.to, origin });
    case 'reply_refused':
      return replyRefusedMail({ to: payload.to, origin, reason: payload.reason });
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
