import type { FastifyBaseLogger } from 'fastify';

/** How long a crashing process waits for a clean stop before leaving anyway. */
export const CRASH_STOP_MS = 10_000;

type StopOutcome = { kind: 'stopped' } | { kind: 'failed'; error: unknown } | { kind: 'late' };

/**
 * Runs `stop()` for at most `ms`: how it ended, or 'late' when it had not by then (it may still
 * be running). `unref`: the wait alone does not keep the process alive.
 */
async function stopWithin(
  stop: () => Promise<void>,
  ms: number,
  { unref = false } = {},
): Promise<StopOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<StopOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'late' }), ms);
    if (unref) timer.unref();
  });
  const stopped = stop().then(
    (): StopOutcome => ({ kind: 'stopped' }),
    (error: unknown): StopOutcome => ({ kind: 'failed', error }),
  );
  try {
    return await Promise.race([stopped, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface CrashHandlerOptions {
  logger: Pick<FastifyBaseLogger, 'fatal'>;
  /** Stops the services (closes the server, the queue, the database). */
  stop(): Promise<void>;
  target?: Pick<NodeJS.Process, 'on'>;
  exit?: (code: number) => void;
}

/**
 * An unhandled rejection or uncaught exception leaves the process in a state nobody reasoned
 * about (Node's own advice: do not resume). Log it once with its stack, stop what can be stopped
 * (the database flushes, requests in flight get their grace), and exit non-zero so the supervisor
 * restarts a clean process. A stop that hangs is cut after `CRASH_STOP_MS`; a second crash while
 * stopping does not start a second stop.
 */
export function installCrashHandlers({
  logger,
  stop,
  target = process,
  exit = (code) => process.exit(code),
}: CrashHandlerOptions): void {
  let crashing = false;
  const crash = (kind: string) => (error: unknown) => {
    logger.fatal({ err: error }, `${kind}: shutting down`);
    if (crashing) return;
    crashing = true;
    void stopWithin(stop, CRASH_STOP_MS, { unref: true }).then(() => exit(1));
  };
  target.on('unhandledRejection', crash('unhandled rejection'));
  target.on('uncaughtException', crash('uncaught exception'));
}

/**
 * How long a stop asked by a signal may take before the process leaves anyway: requests in flight
 * get 5 s, running jobs 5 s, then the database closes. A supervisor would kill it later still.
 */
export const SIGNAL_STOP_MS = 20_000;

export interface ShutdownHandlerOptions {
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
  stop(): Promise<void>;
  /** What a stop under way is waiting on, for the log line of a stop that did not finish. */
  stopping(): string | null;
  target?: Pick<NodeJS.Process, 'on'>;
  exit?: (code: number) => void;
  deadlineMs?: number;
}

/**
 * SIGTERM or SIGINT stops the services and exits 0. A stop that does not finish within
 * `SIGNAL_STOP_MS` (something it waits on never answers) is logged with the step it was waiting on
 * and the process exits 1 all the same: a stopped server must never linger with its listener
 * closed and its data folder still held. A second signal while stopping changes nothing.
 */
export function installShutdownHandlers({
  logger,
  stop,
  stopping,
  target = process,
  exit = (code) => process.exit(code),
  deadlineMs = SIGNAL_STOP_MS,
}: ShutdownHandlerOptions): void {
  let started = false;
  const shutdown = (signal: string) => {
    if (started) return;
    started = true;
    logger.info(`${signal} received, shutting down`);
    void stopWithin(stop, deadlineMs).then((outcome) => {
      if (outcome.kind === 'failed') logger.error({ err: outcome.error }, 'stopping failed');
      if (outcome.kind === 'late') {
        logger.error(
          { waitingOn: stopping() },
          `the stop did not finish within ${deadlineMs / 1000} s: leaving anyway`,
        );
      }
      exit(outcome.kind === 'stopped' ? 0 : 1);
    });
  };
  target.on('SIGINT', () => shutdown('SIGINT'));
  target.on('SIGTERM', () => shutdown('SIGTERM'));
}
