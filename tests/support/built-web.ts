import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import type { TestApp } from './test-app';

/**
 * The test app serving a web build of the test's own making: `files` (path in the build -> text)
 * written to a temporary folder, which `close` removes with the server.
 */
export async function buildWithWebFiles(app: TestApp, files: Record<string, string>) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-dist-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), text);
  }
  const built = await buildApp(app.context, { webDist: dist });
  return Object.assign(built, {
    async closeWithFiles() {
      await built.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  });
}
