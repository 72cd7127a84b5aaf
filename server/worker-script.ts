import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * How to start one of Hearth's worker threads (`name` is the file next to the caller, without its
 * extension). From source (tests, `npm run dev`) the caller is a `.ts` file: the worker is that
 * name's `.ts` file, loaded after registering tsx in the thread, since Node 20 cannot load
 * TypeScript there by itself. From the bundle the caller's code is in `dist/server/main.js` or
 * `cli.js`, and scripts/build-server.mjs builds each worker as its own entry next to them.
 */
export function workerScript(callerUrl: string, name: string): { script: string | URL; eval: boolean } {
  if (!callerUrl.endsWith('.ts')) return { script: new URL(`./${name}.js`, callerUrl), eval: false };
  const tsx = createRequire(callerUrl)
    .resolve('tsx/package.json')
    .replace(/package\.json$/, 'dist/esm/api/index.mjs');
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return { script: boot, eval: true };
}
