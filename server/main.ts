import { ConfigError, loadConfig, parseServices } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { installCrashHandlers } from './crash-handlers';
import { flushLogger, startHearth } from './runtime';

async function main() {
  const config = loadConfig(process.env, parseServices(process.argv.slice(2)));
  const hearth = await startHearth(config);
  const logger = hearth.context.logger;
  // The last lines (the crash, the shutdown) are written before leaving, within a bounded time.
  const exit = (code: number) => void flushLogger(logger).finally(() => process.exit(code));
  installCrashHandlers({ logger, stop: hearth.stop, exit });
  const where = hearth.app ? ` at ${config.publicOrigin}` : '';
  logger.info(`Hearth is running${where} (services: ${config.services.join(', ')})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    await hearth.stop();
    exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Hearth cannot start: ${error.message}`);
  } else {
    console.error('Hearth failed to start:', error);
  }
  process.exit(1);
});
