import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, signedInOver } from '../support/members';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import {
  type HearthProcess,
  killAllHearths,
  spawnHearth,
  startHearthProcess,
  waitForHealth,
} from '../support/hearth-process';

const ARTICLE = `<!doctype html><html lang="en"><head><title>Kept once</title></head><body><article>
<h1>Kept once</h1>
<p>Workers can die in the middle of a job. The queue notices that the job stopped being marked alive.</p>
<p>Another worker then takes the job and reads the page again from the start, step by step.</p>
<p>Each step stores its output once, so the link ends up ready with one set of summaries.</p>
</article></body></html>`;

/**
 * A worker is killed with SIGKILL while it reads a link (it holds the page request open: the
 * positive control that it is mid-job); another worker takes the job over and the link is read once.
 */
describe.skipIf(clusterUnavailable() !== null)('kill -9 of a worker mid-job', () => {
  let cluster: PostgresCluster;
  let page: http.Server;
  const articleRequests: http.ServerResponse[] = [];
  let firstArrived: () => void;
  const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
  const processes: HearthProcess[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    page = http.createServer((req, res) => {
      if (req.url !== '/article') return res.writeHead(404).end();
      articleRequests.push(res);
      // The first request is held open: the worker reading it is mid-job until it is killed.
      if (articleRequests.length === 1) return firstArrived();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    killAllHearths();
    page?.closeAllConnections();
    await new Promise((resolve) => page?.close(resolve));
    cluster?.destroy();
  });

  const env = { LOG_LEVEL: 'warn', LINK_FETCH_ALLOW_LOOPBACK: 'true', JOBS_MONITOR_INTERVAL_SECONDS: '1' };

  it('hands the job of a killed worker to another, which reads the link once', async () => {
    const web = await startHearthProcess({ databaseUrl: cluster.url, services: ['web'], env });
    processes.push(web);
    await waitForHealth(web, 30_000, '/api/health/ready');
    const doomed = await spawnHearth({ databaseUrl: cluster.url, services: ['worker'], env });
    processes.push(doomed);
    const member = await seedMember(cluster.url);
    const client = await signedInOver(web.url, web.url, member);

    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/article`;
    const created = await client.post('/api/links', { url, visibility: 'private' });
    expect(created.status).toBe(201);
    const linkId = created.body.id as string;

    // Mid-job: the worker's request for the page arrived and is held open.
    await arrived;
    expect((await client.get(`/api/links/${linkId}`)).body.status).not.toBe('ready');
    expect(await doomed.stop('SIGKILL')).toBe('SIGKILL');

    const heir = await spawnHearth({ databaseUrl: cluster.url, services: ['worker'], env });
    processes.push(heir);
    await expect
      .poll(async () => (await client.get(`/api/links/${linkId}`)).body.status, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe('ready');

    const link = (await client.get(`/api/links/${linkId}`)).body;
    expect(link).toMatchObject({ title: 'Kept once', error: null });
    expect(link.sentence_summary).toEqual(expect.any(String));
    expect(link.paragraph_summary).toEqual(expect.any(String));
    // One job for the link, completed by its second run (the first died with the worker); the page
    // was asked for twice: once by the killed worker, once by its heir.
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      const jobs = await db.query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = 'links.process' and data->>'linkId' = $1`,
        [linkId],
      );
      expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      await db.end();
    }
    expect(articleRequests.length).toBe(2);
  }, 150_000);
});
