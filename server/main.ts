import { ConfigError, loadConfig, parseServices } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { installCrashHandlers } from './crash-handlers';
import { startHearth } from './runtime';

async function main() {
  const config = loadConfig(process.env, parseServices(process.argv.slice(2)));
  const hearth = await startHearth(config);
  installCrashHandlers({ logger: hearth.context.logger, stop: hearth.stop });
  const where = hearth.app ? ` at ${config.publicOrigin}` : '';
  hearth.context.logger.info(`Hearth is running${where} (services: ${config.services.join(', ')})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    hearth.context.logger.info(`${signal} received, shutting down`);
    await hearth.stop();
    process.exit(0);
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
