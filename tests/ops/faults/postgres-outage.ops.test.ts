import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../support/test-client';
import { seedMember, signedInOver } from '../support/members';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import {
  type HearthProcess,
  killAllHearths,
  startHearthProcess,
  waitForHealth,
} from '../support/hearth-process';

/** No answer may take longer than this, database down or not (a hang is a failure, not a slow 503). */
const ANSWER_BOUND_MS = 10_000;

interface Outcome {
  status: number | 'hung' | 'network error';
  body: unknown;
}

/** One request, bounded: a hang past ANSWER_BOUND_MS is reported as `hung`. */
async function bounded(run: (signal: AbortSignal) => Promise<{ status: number; body: unknown }>) {
  try {
    const res = await run(AbortSignal.timeout(ANSWER_BOUND_MS));
    return { status: res.status, body: res.body } satisfies Outcome;
  } catch (error) {
    const name = (error as Error).name;
    return {
      status: name === 'TimeoutError' ? 'hung' : 'network error',
      body: String(error),
    } satisfies Outcome;
  }
}

/**
 * A member keeps writing (each acknowledged post id is kept) and reading while the PostgreSQL server
 * under Hearth is restarted or crashes. Hearth is never restarted itself.
 */
describe.skipIf(clusterUnavailable() !== null)('PostgreSQL restarted and crashed under load', () => {
  let cluster: PostgresCluster;
  let hearth: HearthProcess;
  let client: TestClient;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    hearth = await startHearthProcess({ databaseUrl: cluster.url, env: { LOG_LEVEL: 'warn' } });
    await waitForHealth(hearth, 30_000, '/api/health/ready');
    const member = await seedMember(cluster.url);
    client = await signedInOver(hearth.url, hearth.url, member);
  }, 60_000);

  afterAll(async () => {
    await hearth?.stop();
    killAllHearths();
    cluster?.destroy();
  });

  /** Writes and reads until `stop()`, recording every answer and every acknowledged post. */
  function load() {
    const acknowledged: string[] = [];
    const outcomes: Outcome[] = [];
    let running = true;
    let n = 0;
    const loop = async () => {
      while (running) {
        const write = await bounded((signal) =>
          client.post('/api/posts', { post: { tldr: `load ${n++}`, content: 'x' } }, { signal }),
        );
        outcomes.push(write);
        if (write.status === 201) acknowledged.push((write.body as { id: string }).id);
        outcomes.push(await bounded((signal) => client.get('/api/posts', { signal })));
      }
    };
    const done = Promise.all([loop(), loop()]);
    return {
      acknowledged,
      outcomes,
      async stop() {
        running = false;
        await done;
      },
    };
  }

  /** Resolves once a write succeeds again (the app recovered by itself). */
  async function untilWritesSucceed(run: { acknowledged: string[]; outcomes: Outcome[] }) {
    const before = run.acknowledged.length;
    const deadline = Date.now() + 30_000;
    while (run.acknowledged.length === before) {
      if (Date.now() > deadline) {
        const last = run.outcomes.slice(-20).map((o) => [o.status, JSON.stringify(o.body).slice(0, 80)]);
        throw new Error(
          `no write succeeded; last answers: ${JSON.stringify(last)}\n${hearth.output().slice(-3000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Every status seen is a success or a 503 in the API's error shape; nothing hung, nothing 500. */
  function expectOnly2xxOr503(outcomes: Outcome[]) {
    const isError503 = (o: Outcome) =>
      o.status === 503 &&
      typeof o.body === 'object' &&
      o.body !== null &&
      Object.keys(o.body).join() === 'error' &&
      typeof (o.body as { error: unknown }).error === 'string';
    const bad = outcomes.filter(
      (o) => !(typeof o.status === 'number' && o.status >= 200 && o.status < 300) && !isError503(o),
    );
    expect(bad, hearth.output().slice(-4000)).toEqual([]);
  }

  async function expectAllPresent(acknowledged: string[]) {
    for (const id of acknowledged) {
      const res = await client.get(`/api/posts/${id}`);
      expect(res.status, id).toBe(200);
    }
  }

  it('answers 503 while the server is down, recovers by itself, and loses no acknowledged write', async () => {
    const run = load();
    // Positive control: the load is writing.
    await untilWritesSucceed(run);

    cluster.crash();
    // Down: requests answer 503 in the error shape, within the bound; readiness says not ready.
    const down = await bounded((signal) => client.post('/api/posts', { post: { tldr: 'down' } }, { signal }));
    expect(down, hearth.output().slice(-3000)).toEqual({ status: 503, body: { error: expect.any(String) } });
    const ready = await bounded(async (signal) => {
      const res = await fetch(`${hearth.url}/api/health/ready`, { signal });
      return { status: res.status, body: await res.json() };
    });
    expect(ready, hearth.output().slice(-3000)).toEqual({ status: 503, body: { error: expect.any(String) } });
    // The load keeps meeting the outage (at least one more 503 while down).
    const seen = run.outcomes.length;
    await expect
      .poll(() => run.outcomes.slice(seen).filter((o) => o.status === 503).length, { timeout: 15_000 })
      .toBeGreaterThan(0);

    cluster.start();
    await untilWritesSucceed(run);
    await waitForHealth(hearth, 30_000, '/api/health/ready');

    cluster.restart();
    await untilWritesSucceed(run);

    await run.stop();
    expect(run.outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    expectOnly2xxOr503(run.outcomes);
    await expectAllPresent(run.acknowledged);
    expect(hearth.child.exitCode).toBeNull();
  }, 120_000);
});
