import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { killAllHearths, spawnHearth, startHearthProcess } from '../support/hearth-process';

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function commandLine(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

async function gone(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!fs.existsSync(`/proc/${pid}`)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * `node dist/server/main.js` started bare, as the docs start it: it runs Hearth in a child Node with
 * the heap bound of its settings (ADR 053), and ends with it however it is stopped.
 */
describe.skipIf(clusterUnavailable() !== null)('the heap bound of a bare start', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(() => {
    killAllHearths();
    cluster?.destroy();
  });

  it('serves from a child with the flags of HEAP_MAX_MB, which ends on SIGTERM as the launcher does', async () => {
    const hearth = await startHearthProcess({ databaseUrl: cluster.url, env: { HEAP_MAX_MB: '300' } });
    const [child] = childrenOf(hearth.pid);
    expect(commandLine(child!)).toEqual(
      expect.arrayContaining(['--max-old-space-size=300', '--max-semi-space-size=4']),
    );
    expect(commandLine(hearth.pid)).not.toContain('--max-old-space-size=300');
    expect(await hearth.stop('SIGTERM')).toBe(0);
    expect(await gone(child!)).toBe(true);
  });

  it('ends at once when its launcher is killed (SIGKILL cannot be passed on)', async () => {
    const hearth = await startHearthProcess({ databaseUrl: cluster.url });
    const [child] = childrenOf(hearth.pid);
    expect(fs.existsSync(`/proc/${child}`)).toBe(true);
    expect(await hearth.stop('SIGKILL')).toBe('SIGKILL');
    expect(await gone(child!)).toBe(true);
  });

  it('refuses, before starting anything, a heap too small for the kept answers', async () => {
    const hearth = await spawnHearth({
      databaseUrl: cluster.url,
      env: { HEAP_MAX_MB: '150', KEPT_READS_MAX_MB: '64' },
    });
    expect(await hearth.exited).toBe(1);
    expect(hearth.output()).toContain('HEAP_MAX_MB: 150 is less than');
  });
});
