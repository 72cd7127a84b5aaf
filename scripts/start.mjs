// `npm start`: builds the web app and the server on first run, then starts Hearth.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = ['dist/web/index.html', 'dist/server/main.js'].every((file) =>
  fs.existsSync(path.join(root, file)),
);
if (!built || process.env.HEARTH_REBUILD === '1') {
  console.log('Building Hearth (first start)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(path.join(root, 'dist/server/main.js'));
