import type { AppContext } from '../../context';
import { enqueueMail } from '../mail/mail.job';
import { memberLocale } from '../users/users.repo';
import { findAccountByEmail } from '../users/users.service';

/** Failures at one account before each further one is answered more slowly. */
export const SLOW_DOWN_AFTER_FAILURES = 5;
/** The delay doubles from this with each further failure... */
const SLOW_DOWN_BASE_MS = 250;
/** Failures at one account within its window that make a burst worth telling the member about. */
export const ALERT_AFTER_FAILURES = 10;
const ALERT_EVERY_SECONDS = 60 * 60;

/** How long to hold the answer to the `failures`-th failed sign-in at one account. */
export function slowDownMs(failures: number, maxMs: number): number {
  if (failures <= SLOW_DOWN_AFTER_FAILURES) return 0;
  return Math.min(maxMs, SLOW_DOWN_BASE_MS * 2 ** (failures - SLOW_DOWN_AFTER_FAILURES - 1));
}

export interface SignInAttempt {
  email: string;
  /** The client's throttle subject (server/http/client-ip.ts). */
  client: string;
  /** Whether the request carries a device cookie this account issued. */
  knownDevice: boolean;
}

type Deps = Pick<AppContext, 'throttle' | 'db' | 'jobs' | 'mailer' | 'config'>;

/**
 * Before the password is checked. Limits that anyone could trip for someone else would be a
 * lock-out switch, so: every attempt counts per client and per (account, client); the account-wide
 * failure limit stops only devices the account does not know, never the member's own browsers.
 */
export async function guardSignIn(deps: Deps, attempt: SignInAttempt): Promise<void> {
  await deps.throttle.hit('signInIp', attempt.client);
  await deps.throttle.hit('signInAccountIp', `${attempt.client} ${attempt.email}`);
  if (!attempt.knownDevice) await deps.throttle.check('signInAccountFailures', attempt.email);
}

/**
 * After a wrong password: counts the failure against the account, mails the member about a burst
 * (once an hour at most), and holds the answer a growing delay capped at
 * `config.signInSlowDownMaxMs` (3 s): a guesser is slowed, nobody is locked out.
 */
export async function recordSignInFailure(deps: Deps, attempt: SignInAttempt): Promise<void> {
  const failures = await deps.throttle.record('signInAccountFailures', attempt.email);
  if (
    failures >= ALERT_AFTER_FAILURES &&
    (await deps.throttle.once(`signInAlert:${attempt.email}`, ALERT_EVERY_SECONDS))
  ) {
    const user = await findAccountByEmail(deps.db, attempt.email);
    if (user)
      await enqueueMail(deps, deps.db, {
        template: 'sign_in_failures',
        to: user.email,
        locale: memberLocale(user),
      });
  }
  const delay = slowDownMs(failures, deps.config.signInSlowDownMaxMs);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}
