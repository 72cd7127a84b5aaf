// Bundles the server (and the CLI) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', cli: 'scripts/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
