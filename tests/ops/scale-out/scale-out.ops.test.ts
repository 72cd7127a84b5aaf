import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client';
import { FIXTURE_PAGES, readFixture } from '../../../server/features/links/pipeline/fixtures/fixture-server';
import { SESSION_COOKIE } from '../../../server/http/auth';
import { startS3Server } from '../../support/s3-server';
import { openStream } from '../../support/event-stream';
import { createMember } from '../../support/factories';
import { putBytes, requestUpload } from '../../support/file-factories';
import { createPostAs } from '../../support/social-factories';
import type { TestApp } from '../../support/test-app';
import { TestClient } from '../../support/test-client';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { type HearthProcess, killAllHearths, spawnHearth, waitForHealth } from '../support/hearth-process';

const ORIGIN = 'http://hearth.test';

/**
 * One process running `service`, each with a data folder of its own (processes sharing a PostgreSQL
 * server share no folder, as on separate machines); a web process is returned once it is ready.
 */
async function startHearthProcess(
  service: 'web' | 'worker',
  env: Record<string, string> & { DATABASE_URL: string },
) {
  const { DATABASE_URL, ...rest } = env;
  const hearth = await spawnHearth({
    databaseUrl: DATABASE_URL,
    services: [service],
    env: { RATE_LIMITS: 'on', LOG_LEVEL: 'warn', ...rest },
  });
  if (service === 'web') await waitForHealth(hearth, 60_000, '/api/health/ready');
  return hearth;
}
const KEY = 'scale-out-test-key-0123456789abcdef0123456789';
const METRICS_TOKEN = 'scale-out-metrics-token-0123456789abcdef';

/**
 * Hearth scaled out: two web processes and two workers on one PostgreSQL server and one
 * S3-compatible bucket, as separate machines would run it (no shared folder, no sticky sessions).
 */
describe.skipIf(clusterUnavailable() !== null)('two web processes and two workers', () => {
  let cluster: PostgresCluster;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let database: Database;
  const processes: HearthProcess[] = [];
  let web1: HearthProcess;
  let web2: HearthProcess;
  let smtp: SMTPServer;
  /** A web page for links to read (the workers may fetch from loopback in this test). */
  let pages: http.Server;
  let pagesPort: number;
  /** Recipients of every mail the workers handed to the SMTP server, one entry per delivery. */
  const delivered: string[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    s3 = await startS3Server('hearth-scale-out');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    pages = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(readFixture(FIXTURE_PAGES.bees));
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagesPort = (pages.address() as AddressInfo).port;
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const storage = s3.storage as Extract<typeof s3.storage, { kind: 's3' }>;
    const env = {
      DATABASE_URL: cluster.url,
      PUBLIC_ORIGIN: ORIGIN,
      STORAGE: 's3',
      S3_ENDPOINT: storage.endpoint!,
      S3_BUCKET: storage.bucket,
      S3_ACCESS_KEY_ID: storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
      FILES_SIGNING_KEY: KEY,
      TOTP_ENCRYPTION_KEY: KEY,
      MESSAGES_KEY: KEY,
      MAIL_UNSUBSCRIBE_SECRET: KEY,
      METRICS_TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LINK_FETCH_ALLOW_LOOPBACK: 'true',
    };
    // The first process migrates the empty database; the others start together on the migrated one.
    web1 = await startHearthProcess('web', env);
    processes.push(web1);
    const rest = await Promise.all([
      startHearthProcess('web', env),
      startHearthProcess('worker', env),
      startHearthProcess('worker', env),
    ]);
    processes.push(...rest);
    web2 = rest[0];
    database = await openDatabase({ kind: 'postgres', url: cluster.url, max: 2 });
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await Promise.all(processes.map((p) => p.stop()));
    killAllHearths();
    await s3?.close();
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (pages) await new Promise<void>((resolve) => pages.close(() => resolve()));
    cluster?.destroy();
  });

  /** createMember only needs a database: the test's own connection to the shared server. */
  const seed = (overrides: Parameters<typeof createMember>[1] = {}) =>
    createMember({ context: { db: database.db } } as unknown as TestApp, overrides);
  const clientOf = (process: HearthProcess) => new TestClient(process.url, ORIGIN);

  /** Signs in through `process` as a browser would; answers the session cookie. */
  async function signIn(process: HearthProcess, member: { email: string; password: string }) {
    const client = clientOf(process);
    const res = await client.post('/api/users/sign_in', {
      user: { email: member.email, password: member.password },
    });
    expect(res.status).toBe(200);
    const token = client.cookie(SESSION_COOKIE);
    expect(token).toBeTruthy();
    return token!;
  }

  it('serves a session made on one web process from the other', async () => {
    const member = await seed();
    const token = await signIn(web1, member);

    const second = clientOf(web2);
    second.setCookie(SESSION_COOKIE, token);
    const auth = await second.get('/api/auth');
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ id: member.id });
    // And a stranger's cookie is still refused there.
    const stranger = clientOf(web2);
    stranger.setCookie(SESSION_COOKIE, 'not-a-session');
    expect((await stranger.get('/api/auth')).status).toBe(401);
  });

  it('ends a session on every web process once it is signed out on one (ADR 031)', async () => {
    const member = await seed();
    const token = await signIn(web1, member);
    const elsewhere = clientOf(web2);
    elsewhere.setCookie(SESSION_COOKIE, token);
    // Read twice there, so its session look-up is kept.
    expect((await elsewhere.get('/api/auth')).status).toBe(200);
    expect((await elsewhere.get('/api/auth')).status).toBe(200);
    const here = clientOf(web1);
    here.setCookie(SESSION_COOKIE, token);
    expect((await here.delete('/api/users/sign_out')).status).toBeLessThan(300);
    // The other process hears of the sign-out once it commits: within moments, at most a second.
    await expect
      .poll(async () => (await elsewhere.get('/api/auth')).status, { timeout: 2000, interval: 20 })
      .toBe(401);
    // And a change made by another process reaches a page the other kept.
    const token2 = await signIn(web2, member);
    const reader = clientOf(web2);
    reader.setCookie(SESSION_COOKIE, token2);
    expect((await reader.get('/api/auth')).body).toMatchObject({ first_name: member.firstName });
    expect((await reader.get('/api/auth')).body).toMatchObject({ first_name: member.firstName });
    const writer = clientOf(web1);
    writer.setCookie(SESSION_COOKIE, await signIn(web1, member));
    expect((await writer.patch('/api/profile', { profile: { first_name: 'Renamed' } })).status).toBe(200);
    await expect
      .poll(async () => ((await reader.get('/api/auth')).body as { first_name: string }).first_name, {
        timeout: 2000,
        interval: 20,
      })
      .toBe('Renamed');
  });

  it('adds up sign-in failures sent to different web processes (one throttle in the database)', async () => {
    const member = await seed();
    const wrong = { user: { email: member.email, password: 'not the password' } };
    // ADR 013: 10 failures per (account, client) in 5 minutes; 5 here and 5 there make 10. The
    // processes run on the real clock, and the sliding window (ADR 036) weighs the previous fixed
    // window's requests down as time passes, so the twelve requests start in one window with room.
    await awayFromWindowEdge(300, 45_000);
    for (let i = 0; i < 10; i++) {
      const res = await clientOf(i % 2 === 0 ? web1 : web2).post('/api/users/sign_in', wrong);
      expect(res.status).toBe(401);
    }
    for (const process of [web1, web2]) {
      const res = await clientOf(process).post('/api/users/sign_in', wrong);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });

  it('sends each queued mail exactly once with two workers taking jobs', async () => {
    // An admin: members have a small quota of open invitations.
    const member = await seed({ isAdmin: true });
    const token = await signIn(web1, member);
    const recipients = Array.from(
      { length: 20 },
      (_, i) => `friend${i}.${member.username.toLowerCase()}@example.test`,
    );
    for (const [i, email] of recipients.entries()) {
      const client = clientOf(i % 2 === 0 ? web1 : web2);
      client.setCookie(SESSION_COOKIE, token);
      const res = await client.post('/api/invitations', { invitation: { email } });
      expect(res.status).toBe(201);
    }
    const mine = () => delivered.filter((address) => recipients.includes(address));
    // Positive control first: every invitation arrives...
    await expect.poll(() => mine().length, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(20);
    // ...then time for a duplicate (a job taken by both workers) to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mine().sort()).toEqual([...recipients].sort());
  });

  it('delivers a live event to streams open on either web process', async () => {
    const author = await seed();
    const liker = await seed();
    const authorClient = clientOf(web1);
    authorClient.setCookie(SESSION_COOKIE, await signIn(web1, author));
    const likerClient = clientOf(web1);
    likerClient.setCookie(SESSION_COOKIE, await signIn(web1, liker));
    const post = await createPostAs(authorClient, { tldr: 'Scaled out' });
    const streams = [await openStream(web1.url, authorClient), await openStream(web2.url, authorClient)];
    try {
      expect((await likerClient.post(`/api/posts/${post.id}/likes`)).status).toBe(200);
      for (const stream of streams) {
        await stream.next((event) => event.type === 'notification.created', 30_000);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('serves a file uploaded through one web process from the other', async () => {
    const member = await seed();
    const token = await signIn(web1, member);
    const uploader = clientOf(web1);
    uploader.setCookie(SESSION_COOKIE, token);
    const bytes = Buffer.from(`Notes shared across web processes by ${member.username}.\n`.repeat(20));
    const created = await requestUpload(uploader, { name: 'notes.txt' });
    // The presigned PUT goes straight to the bucket, as the browser's does.
    const put = await putBytes({ url: web1.url } as TestApp, created.body.url, bytes, {
      'content-type': 'text/plain',
    });
    expect(put.status).toBe(200);
    const done = await uploader.patch(`/api/file_requests/${created.body.id}`, { status: 'uploaded' });
    expect(done.status).toBe(200);

    const downloader = clientOf(web2);
    downloader.setCookie(SESSION_COOKIE, token);
    const redirect = await downloader.get(`/api/files/${created.body.id}`);
    expect(redirect.status).toBe(302);
    const served = await fetch(redirect.headers.get('location')!);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    // And web 2 still refuses it to a visitor, as web 1 would.
    expect((await clientOf(web2).get(`/api/files/${created.body.id}`)).status).toBe(404);
  });

  it('delivers an event a worker raises (a link read) to streams on either web process', async () => {
    const owner = await seed();
    const client = clientOf(web1);
    client.setCookie(SESSION_COOKIE, await signIn(web1, owner));
    const streams = [await openStream(web1.url, client), await openStream(web2.url, client)];
    try {
      // Web processes run no jobs here: the reading, and its events, happen on a worker.
      const shared = await client.post<{ id: string }>('/api/links', {
        url: `http://localhost:${pagesPort}/bees`,
        visibility: 'private',
      });
      expect(shared.status).toBe(201);
      const linkId = shared.body.id;
      for (const stream of streams) {
        await stream.next((event) => event.type === 'link.updated' && event.linkId === linkId, 60_000);
        // The reading's end notifies the owner (link_ready), also from the worker.
        await stream.next((event) => event.type === 'notification.created', 60_000);
      }
      expect((await client.get<{ status: string }>(`/api/links/${linkId}`)).body.status).toBe('ready');
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('exposes metrics and readiness on each web process', async () => {
    for (const process of [web1, web2]) {
      expect((await fetch(`${process.url}/api/health/ready`)).status).toBe(200);
      const res = await fetch(`${process.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toMatch(/^hearth_db_pool_connections\{state="in_use"\} \d+$/m);
      expect(body).toMatch(/route="\/api\/health\/ready",status_class="2xx"/);
    }
  });
});

/**
 * Waits, when the current fixed window of `windowSeconds` (aligned to the epoch, as the throttle's
 * sliding windows are estimated from) ends within `roomMs`, until the next one has begun, so a short
 * run of requests falls in one and each counts in full.
 */
async function awayFromWindowEdge(windowSeconds: number, roomMs: number) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < roomMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
