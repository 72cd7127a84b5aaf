import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/queue';
import { listDueAccounts, purgeExpiredAccountRequests } from './account-deletion.repo';
import { deleteDueAccount } from './account-deletion.service';

export const ACCOUNT_DELETION_JOB = 'accounts.delete';
export const ACCOUNT_CLEANUP_JOB = 'accounts.cleanup';

/** Accounts handed to their own jobs per sweep; a longer backlog waits for the next tick. */
const SWEEP_BATCH = 200;

type Deps = Pick<AppContext, 'db' | 'storage' | 'logger' | 'jobs'>;

/**
 * Deletes one account whose grace period is over (ADR 022). Exclusive per account, so a sweep that
 * finds it again while it waits adds nothing; deleteDueAccount itself is safe to run twice.
 */
export function accountDeletionJob(deps: Pick<AppContext, 'db' | 'storage' | 'logger'>) {
  return defineJob({
    name: ACCOUNT_DELETION_JOB,
    schema: z.object({ userId: z.uuid() }),
    policy: 'exclusive',
    retryLimit: 6,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    batchSize: 1,
    async handle({ userId }) {
      await deleteDueAccount(deps, userId);
    },
  });
}

/**
 * Every quarter hour: hands each account past its deletion date to its own job, and purges the
 * account requests nobody finished (expired two-factor sign-ins and email changes).
 */
export function accountCleanupJob(deps: Deps) {
  return defineJob({
    name: ACCOUNT_CLEANUP_JOB,
    schema: z.object({}),
    schedule: { cron: '*/15 * * * *', payload: {} },
    retryLimit: 3,
    retryDelaySeconds: 60,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle() {
      await sweepAccounts(deps);
    },
  });
}

export async function sweepAccounts(deps: Deps, now: Date = new Date()) {
  const due = await listDueAccounts(deps.db, now, SWEEP_BATCH);
  const job = accountDeletionJob(deps);
  for (const userId of due) await deps.jobs.enqueue(job, { userId }, { key: userId });
  const purged = await purgeExpiredAccountRequests(deps.db, now);
  if (due.length > 0 || purged.pendingSignIns + purged.emailChanges > 0) {
    deps.logger.info({ due: due.length, ...purged }, 'account cleanup');
  }
  return { due: due.length, ...purged };
}
