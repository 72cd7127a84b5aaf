import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import {
  killAllHearths,
  openUnreadPipe,
  startHearthProcess,
  type UnreadPipe,
} from '../support/hearth-process';

/**
 * A log collector that stops reading (seen in the field: a server stuck for good in a synchronous
 * write into its full stdout pipe, deaf to health checks and to SIGTERM). Hearth's logs must never
 * hold up a request or a shutdown.
 */
describe('a log reader that stops reading', () => {
  let cluster: PostgresCluster;
  let pipe: UnreadPipe | undefined;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterEach(() => {
    killAllHearths();
    pipe?.close();
    pipe = undefined;
  });
  afterAll(() => cluster?.destroy());

  const health = (url: string) => fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });

  it('keeps answering with its log pipe full, and exits promptly on SIGTERM', async () => {
    pipe = openUnreadPipe();
    const hearth = await startHearthProcess({
      databaseUrl: cluster.url,
      stdio: pipe,
      env: { LOG_LEVEL: 'trace' },
    });

    // Each request writes log lines; keep asking until the pipe is full (the positive control).
    let requests = 0;
    while (!pipe.isFull()) {
      expect((await health(hearth.url)).status).toBe(200);
      requests += 1;
      expect(requests, 'the pipe never filled up').toBeLessThan(20_000);
    }

    // With nobody reading, requests (each logging more) are still answered.
    for (let i = 0; i < 50; i += 1) {
      const response = await health(hearth.url);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok' });
    }
    expect(pipe.isFull()).toBe(true);

    // Shutdown gives its last lines a bounded time, then leaves.
    const stoppedAt = Date.now();
    expect(await hearth.stop('SIGTERM')).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  });

  it('exits on any path with its log pipe full, the last lines dropped after a bounded flush', async () => {
    pipe = openUnreadPipe();
    const fixture = path.join(import.meta.dirname, 'fixtures', 'exit-with-full-log.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      stdio: ['ignore', pipe.writeFd, 'pipe'],
    });
    try {
      let stderr = '';
      const output = child.stderr!;
      output.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        output.on('data', (chunk: string) => {
          stderr += chunk;
          if (stderr.includes('logged')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the fixture exited early (${code}): ${stderr}`)));
      });
      // The positive control: nothing more fits in the pipe, so lines wait in the logger's buffer.
      await expect.poll(() => pipe!.isFull(), { timeout: 10_000 }).toBe(true);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGUSR2');
      // Before the fix this waited forever: pino's exit-time flush retried the full pipe endlessly.
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
