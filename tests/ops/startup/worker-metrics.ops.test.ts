import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client';
import { MAIL_JOB_NAME } from '../../../server/features/mail/mail.job';
import { SESSION_COOKIE } from '../../../server/http/auth';
import { createMember } from '../../support/factories';
import type { TestApp } from '../../support/test-app';
import { TestClient } from '../../support/test-client';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import {
  freePort,
  type HearthProcess,
  killAllHearths,
  spawnHearth,
  startHearthProcess,
  waitForOutput,
} from '../support/hearth-process';

const METRICS_TOKEN = 'worker-metrics-token-0123456789abcdef0123';

/** A worker-only process has no web port; with METRICS_PORT it serves /metrics for Prometheus. */
describe.skipIf(clusterUnavailable() !== null)('metrics of a worker-only process', () => {
  let cluster: PostgresCluster;
  let database: Database;
  let web: HearthProcess;
  let worker: HearthProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    // The web process migrates and takes requests; it runs no jobs.
    web = await startHearthProcess({
      databaseUrl: cluster.url,
      services: ['web'],
      env: { LOG_LEVEL: 'warn' },
    });
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    worker = await spawnHearth({
      databaseUrl: cluster.url,
      services: ['worker'],
      env: { LOG_LEVEL: 'info', METRICS_TOKEN, METRICS_PORT: String(port) },
    });
    await waitForOutput(
      worker,
      (output) => output.includes(`metrics at http://127.0.0.1:${port}/metrics`),
      60_000,
    );
    database = await openDatabase({ kind: 'postgres', url: cluster.url, max: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await Promise.all([web, worker].filter(Boolean).map((process) => process.stop()));
    killAllHearths();
    cluster?.destroy();
  });

  const scrape = (token?: string) =>
    fetch(metricsUrl, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it('refuses a scraper without the token, in the error shape', async () => {
    for (const res of [await scrape(), await scrape('not-the-token-0123456789abcdef0123456789')]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    // It serves /metrics only, not the app.
    expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
  });

  it('reports the queue and the jobs this worker ran, by queue', async () => {
    // An invitation queues a mail; only the worker can send it.
    const admin = await createMember({ context: { db: database.db } } as unknown as TestApp, {
      isAdmin: true,
    });
    const client = new TestClient(web.url, web.url);
    expect(
      (await client.post('/api/users/sign_in', { user: { email: admin.email, password: admin.password } }))
        .status,
    ).toBe(200);
    expect(client.cookie(SESSION_COOKIE)).toBeTruthy();
    const invited = await client.post('/api/invitations', { invitation: { email: 'friend@example.test' } });
    expect(invited.status).toBe(201);

    const done = new RegExp(
      `^hearth_jobs_processed_total\\{queue="${MAIL_JOB_NAME}",outcome="completed"\\} [1-9]`,
      'm',
    );
    await expect
      .poll(async () => (await (await scrape(METRICS_TOKEN)).text()).match(done) !== null, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(true);
    const res = await scrape(METRICS_TOKEN);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(
      new RegExp(
        `^hearth_job_duration_seconds_count\\{queue="${MAIL_JOB_NAME}",outcome="completed"\\} [1-9]`,
        'm',
      ),
    );
    expect(body).toMatch(
      new RegExp(`^hearth_jobs\\{queue="${MAIL_JOB_NAME}",state="completed"\\} [1-9]`, 'm'),
    );
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});
