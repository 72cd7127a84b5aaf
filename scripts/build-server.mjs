// Bundles the server (and the CLI) into dist/server; npm packages stay external.
import fs from 'node:fs';
import { build } from 'esbuild';

// Chunks are named by their content: an older build's would otherwise stay beside the new ones.
fs.rmSync('dist/server', { recursive: true, force: true });

await build({
  // The services are an entry of their own, so the launcher in main.js loads none of them. Worker
  // threads are entries of their own, started from next to the bundle
  // (server/worker-script.ts): the embedded database's and the word vectors' conversion.
  entryPoints: {
    main: 'server/main.ts',
    // What main.ts loads once the process runs with its heap bound (ADR 053).
    serve: 'server/serve.ts',
    cli: 'scripts/cli.ts',
    'pglite-worker': 'server/db/pglite-worker.ts',
    'static-vectors-worker': 'server/features/search/static-vectors-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  // What a module loads with import() comes in a chunk of its own, with the packages only it uses:
  // the link reader's HTML libraries, the mail parser, the AWS SDK, PGlite's driver (issue 26).
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
