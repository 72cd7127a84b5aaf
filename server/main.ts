import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, parseServices } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { dieWithLauncher, heapFlags, relaunchWithHeapBound, runsWithFlags } from './heap';

/**
 * Hearth's entry point. It loads nothing but its settings until it runs with its heap bound
 * (ADR 053): a process started without the flags starts itself again with them and stays as a
 * small launcher, so the services (`serve.ts`, its own file in the build) load in the bounded one.
 */
async function main() {
  const config = loadConfig(process.env, parseServices(process.argv.slice(2)));
  const flags = heapFlags(config.memory);
  if (!runsWithFlags(flags)) return relaunchWithHeapBound(fileURLToPath(import.meta.url), flags);
  dieWithLauncher();
  // From source (tsx) the module is serve.ts; in the build, dist/server/serve.js beside this file.
  const served = new URL(import.meta.url.endsWith('.ts') ? './serve.ts' : './serve.js', import.meta.url);
  const { serve } = (await import(served.href)) as typeof import('./serve');
  await serve(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Hearth cannot start: ${error.message}`);
  } else {
    console.error('Hearth failed to start:', error);
  }
  process.exit(1);
});
