import type { Config } from './config/env';
import { installCrashHandlers, installShutdownHandlers } from './crash-handlers';
import { flushLogger, startHearth } from './runtime';

/** Starts Hearth's services in this process, with its crash and shutdown handlers. */
export async function serve(config: Config): Promise<void> {
  const hearth = await startHearth(config);
  const logger = hearth.context.logger;
  // The last lines (the crash, the shutdown) are written before leaving, within a bounded time.
  const exit = (code: number) => void flushLogger(logger).finally(() => process.exit(code));
  installCrashHandlers({ logger, stop: hearth.stop, exit });
  installShutdownHandlers({ logger, stop: hearth.stop, stopping: hearth.stopping, exit });
  const where = hearth.app ? ` at ${config.publicOrigin}` : '';
  logger.info(`Hearth is running${where} (services: ${config.services.join(', ')})`);
}
