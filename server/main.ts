import { ConfigError, loadConfig, parseServices } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { installCrashHandlers, installShutdownHandlers } from './crash-handlers';
import { flushLogger, startHearth } from './runtime';

async function main() {
  const config = loadConfig(process.env, parseServices(process.argv.slice(2)));
  const hearth = await startHearth(config);
  const logger = hearth.context.logger;
  // The last lines (the crash, the shutdown) are written before leaving, within a bounded time.
  const exit = (code: number) => void flushLogger(logger).finally(() => process.exit(code));
  installCrashHandlers({ logger, stop: hearth.stop, exit });
  installShutdownHandlers({ logger, stop: hearth.stop, stopping: hearth.stopping, exit });
  const where = hearth.app ? ` at ${config.publicOrigin}` : '';
  logger.info(`Hearth is running${where} (services: ${config.services.join(', ')})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Hearth cannot start: ${error.message}`);
  } else {
    console.error('Hearth failed to start:', error);
  }
  process.exit(1);
});
