import type { FastifyBaseLogger } from 'fastify';

/** How long a crashing process waits for a clean stop before leaving anyway. */
export const CRASH_STOP_MS = 10_000;

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
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, CRASH_STOP_MS).unref());
    void Promise.race([stop().catch(() => undefined), deadline]).finally(() => exit(1));
  };
  target.on('unhandledRejection', crash('unhandled rejection'));
  target.on('uncaughtException', crash('uncaught exception'));
}
