import fs from 'node:fs';
import path from 'node:path';

/** The project root (the folder with package.json), found the same way from source and from dist. */
function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(ROOT, 'server', 'db', 'migrations');
export const WEB_DIST = path.join(ROOT, 'dist', 'web');
