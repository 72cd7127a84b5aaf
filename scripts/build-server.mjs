// Bundles the server (and the CLI) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  // The embedded database's thread is an entry of its own: server/db/pglite-thread.ts starts it
  // from next to the bundle.
  entryPoints: {
    main: 'server/main.ts',
    cli: 'scripts/cli.ts',
    'pglite-worker': 'server/db/pglite-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
