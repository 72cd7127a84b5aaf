import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/queue';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueMail } from '../mail/mail.job';
import { findUserByEmail, memberLocale, replaceConfirmationCode, replaceResetToken } from './users.repo';

/**
 * Requests that mail whoever owns an address (resend confirmation, reset password) must not tell a
 * stranger whether the address has an account, and time tells as surely as words (ADR 014). So the
 * request path only queues this job, the same INSERT for every address, and the worker looks the
 * address up, away from the answer, and mails the owner or does nothing.
 */
export const AccountRequestPayloadSchema = z.object({
  kind: z.enum(['confirmation', 'password_reset']),
  email: z.string().min(3),
});
export type AccountRequestPayload = z.infer<typeof AccountRequestPayloadSchema>;

type Deps = Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>;

/** Confirmation codes and reset tokens: 160 random bits, URL-safe; only their SHA-256 is stored. */
export function newSecret(): string {
  return randomToken(20);
}

/**
 * Runs one request. Each mail is queued in the transaction that stores its code's hash, so the two
 * agree; a second run (after a crash) issues a fresh code, which only retires the first one.
 */
export function accountRequestJob(deps: Deps) {
  return defineJob({
    name: 'account.request',
    schema: AccountRequestPayloadSchema,
    retryLimit: 5,
    retryDelaySeconds: 10,
    // The payload names an address: gone soon after the job is done.
    deleteAfterSeconds: 15 * 60,
    async handle({ kind, email }) {
      const user = await findUserByEmail(deps.db, email);
      if (!user) return;
      const secret = newSecret();
      if (kind === 'confirmation') {
        if (user.confirmedAt) return;
        await deps.db.transaction(async (tx) => {
          await replaceConfirmationCode(tx, user.id, hashToken(secret));
          await enqueueMail(deps, tx, {
            template: 'confirmation',
            to: user.email,
            locale: memberLocale(user),
            code: secret,
          });
        });
        return;
      }
      await deps.db.transaction(async (tx) => {
        await replaceResetToken(tx, user.id, hashToken(secret));
        await enqueueMail(deps, tx, {
          template: 'password_reset',
          to: user.email,
          locale: memberLocale(user),
          token: secret,
        });
      });
    },
  });
}

/** The whole request path of resend and reset: one job, whoever owns the address, if anyone. */
export async function enqueueAccountRequest(deps: Deps, kind: AccountRequestPayload['kind'], email: string) {
  await deps.jobs.enqueue(accountRequestJob(deps), { kind, email });
}
