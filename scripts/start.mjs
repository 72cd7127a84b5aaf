// `npm start`: builds the web app and the server on first run, then starts Hearth.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// package.json "engines": pg-boss (the job queue), cookie and content-disposition declare Node 22.
// Node 20 is past its end of life; Hearth still starts there, but says it is unsupported.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.warn(
    `Hearth needs Node.js 22.12 or later (this is ${process.version}); some of its packages do not support older versions.`,
  );
}
const built = ['dist/web/index.html', 'dist/server/main.js'].every((file) =>
  fs.existsSync(path.join(root, file)),
);
if (!built || process.env.HEARTH_REBUILD === '1') {
  console.log('Building Hearth (first start)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// main.js starts Hearth again with its heap bound when this process runs without it (ADR 053).
await import(path.join(root, 'dist/server/main.js'));
