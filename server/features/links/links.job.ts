import { z } from 'zod';
import { safeFetch, type FetchResult } from '../../adapters/safe-fetch/safe-fetch';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { defineJob, type JobAttempt } from '../../jobs/queue';
import { publishLiveEvent, type LiveAudience } from '../events/live-events';
import { notify } from '../notifications/notify';
import { asLinkStepError, LINK_ERROR_MESSAGES } from './pipeline/link-step-error';
import {
  findLinkForProcessing,
  type LinkPatch,
  type LinkRow,
  listStaleLinks,
  resetFailedLink,
  startProcessing,
  updateLink,
} from './pipeline/pipeline.repo';
import { LINK_STEPS, safetyAfterFailure, safetyStep, type StepRun } from './pipeline/steps';

export const LINKS_PROCESS_JOB = 'links.process';
export const LINKS_SWEEP_JOB = 'links.sweep';

const LinkJobPayloadSchema = z.object({ linkId: z.uuid() });

/** A link pending or processing with no progress for this long has lost its job: the sweeper requeues it. */
export const STALE_AFTER_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 100;
/** Runs a link may start in all (retries and sweeps together) before the sweeper gives up on it. */
export const MAX_ATTEMPTS = 15;

/**
 * Reads one link: fetch → extract → summarise → safety → ready (see pipeline/steps.ts). Each step
 * stores its output and tells the owner's browser in one transaction, and is skipped when its
 * output is already stored. A permanent failure (a blocked address, a page that is not HTML) fails
 * the link at once; a transient one is retried with backoff, and the last retry fails the link.
 */
export function linksProcessJob(context: AppContext) {
  return defineJob({
    name: LINKS_PROCESS_JOB,
    schema: LinkJobPayloadSchema,
    retryLimit: 4,
    retryDelaySeconds: context.config.links.retryDelaySeconds ?? 10,
    // One job per link queued or running: enqueueing a link already in the queue does nothing.
    policy: 'exclusive',
    // A run takes at most ~1 min (15 s fetch, summary, safety check); a run still going after this
    // long is taken as stuck and retried.
    expireInSeconds: 5 * 60,
    // A worker killed mid-run stops marking its job alive: after 15 s without a mark (plus up to one
    // monitor pass, JOBS_MONITOR_INTERVAL_SECONDS) the job is retried by another worker, instead of
    // waiting out the 5-minute expiry.
    heartbeatSeconds: 15,
    // One link at a time per worker, three workers per process: a site that never answers holds
    // one worker until the fetch deadline while the other two go on reading newer links (a batch
    // would make every link taken with it, and every link queued after it, wait for the deadline).
    batchSize: 1,
    workers: 3,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle({ linkId }, attempt) {
      await processLink(context, linkId, attempt);
    },
  });
}

/**
 * Every five minutes: links left pending or processing too long (their job lost with a crashed
 * worker, or never queued) are queued again. Already-queued links are left alone (one job per link).
 */
export function linksSweepJob(context: AppContext) {
  return defineJob({
    name: LINKS_SWEEP_JOB,
    schema: z.object({}),
    schedule: { cron: '*/5 * * * *', payload: {} },
    retryLimit: 2,
    retryDelaySeconds: 60,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle() {
      await sweepStaleLinks(context);
    },
  });
}

/** Queues a link for processing; pass the transaction that stored the link. Idempotent per link. */
export async function enqueueLinkProcessing(
  context: AppContext,
  linkId: string,
  options: { tx?: DbOrTx } = {},
): Promise<void> {
  await context.jobs.enqueue(linksProcessJob(context), { linkId }, { tx: options.tx, key: linkId });
}

/**
 * Who hears that a link changed: its sharer; for a link shared into a group, every listening member
 * the one visibility rule lets see it (the group's current members, no one blocked with the sharer),
 * so the group's timeline shows the card and its summary as they come (ADR 046).
 */
export function linkAudience(link: Pick<LinkRow, 'userId' | 'visibility'>): LiveAudience {
  return link.visibility === 'group' ? { allMembers: true } : { userIds: [link.userId] };
}

/** The owner's Retry: a failed link goes back to pending, its error cleared, and is queued again. */
export async function retryLink(context: AppContext, linkId: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const link = await resetFailedLink(tx, linkId);
    if (!link) return;
    await enqueueLinkProcessing(context, linkId, { tx });
    await publishLiveEvent(tx, linkAudience(link), { type: 'link.updated', linkId });
  });
}

export async function sweepStaleLinks(context: AppContext, now: Date = new Date()): Promise<string[]> {
  const stale = await listStaleLinks(context.db, new Date(now.getTime() - STALE_AFTER_MS), SWEEP_BATCH);
  const requeued: string[] = [];
  for (const link of stale) {
    if (link.attempts >= MAX_ATTEMPTS) {
      // Runs that keep dying without recording a failure (a crash every time) stop here.
      await context.db.transaction(async (tx) => {
        await updateLink(tx, link.id, {
          status: 'failed',
          error: LINK_ERROR_MESSAGES.unexpected,
          errorRetryable: true,
        });
        await publishLiveEvent(tx, linkAudience(link), { type: 'link.updated', linkId: link.id });
        await notifyOutcome(tx, link, 'failed');
      });
      continue;
    }
    await enqueueLinkProcessing(context, link.id);
    requeued.push(link.id);
  }
  if (stale.length > 0)
    context.logger.info({ requeued: requeued.length, stale: stale.length }, 'swept stale links');
  return requeued;
}

export async function processLink(context: AppContext, linkId: string, attempt: JobAttempt): Promise<void> {
  const existing = await findLinkForProcessing(context.db, linkId);
  if (!existing) return;
  const firstStep = LINK_STEPS.find((step) => !step.isDone(existing));
  let link = await startProcessing(context.db, linkId, firstStep?.name ?? 'ready');
  if (!link) return;
  const run = stepRun(context, link);

  for (const [index, step] of LINK_STEPS.entries()) {
    if (step.isDone(link)) continue;
    let patch: LinkPatch;
    try {
      patch = await step.run(link, run);
    } catch (error) {
      const failure = asLinkStepError(error);
      context.logger.warn({ linkId, step: step.name, err: failure }, 'link step failed');
      if (failure.permanent || attempt.final) {
        const verdict = safetyStep.isDone(link) ? {} : await safetyAfterFailure(link, run).catch(() => ({}));
        await saveAndNotify(context, link, {
          ...verdict,
          status: 'failed',
          step: step.name,
          error: failure.userMessage,
          errorRetryable: !failure.permanent,
        });
        return;
      }
      throw failure;
    }
    const next = LINK_STEPS.slice(index + 1).find((later) => !later.isDone({ ...link, ...patch } as LinkRow));
    link = await saveAndNotify(context, link, { ...patch, step: next?.name ?? step.name });
  }
  await saveAndNotify(context, link, {
    status: 'ready',
    step: null,
    error: null,
    errorRetryable: null,
    processedAt: new Date(),
  });
}

async function saveAndNotify(context: AppContext, link: LinkRow, patch: LinkPatch): Promise<LinkRow> {
  return context.db.transaction(async (tx) => {
    const saved = await updateLink(tx, link.id, patch);
    await publishLiveEvent(tx, linkAudience(link), { type: 'link.updated', linkId: link.id });
    await notifyOutcome(tx, link, patch.status);
    return saved;
  });
}

/** The reading's end reaches the owner's Inbox: the link is ready, or could not be read. */
async function notifyOutcome(
  tx: DbOrTx,
  link: Pick<LinkRow, 'id' | 'userId'>,
  status: LinkPatch['status'],
): Promise<void> {
  if (status !== 'ready' && status !== 'failed') return;
  await notify(tx, {
    recipientId: link.userId,
    actorId: null,
    kind: status === 'ready' ? 'link_ready' : 'link_failed',
    linkId: link.id,
  });
}

/** The page is fetched once per run, on first need: a run resuming after extract may not need it at all. */
function stepRun(context: AppContext, link: LinkRow): StepRun {
  let page: Promise<FetchResult> | undefined;
  return {
    context,
    page: () =>
      (page ??= safeFetch(link.url, {
        allowLoopback: context.config.links.fetchAllowLoopback,
        deadlineMs: context.config.links.fetchDeadlineMs,
        logger: context.logger,
      })),
    summarise: { llm: context.config.links.llm, logger: context.logger },
    safety: { safeBrowsing: context.config.links.safeBrowsing },
  };
}
