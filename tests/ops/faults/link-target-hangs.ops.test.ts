import http from 'node:http';
import type net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LINK_ERROR_MESSAGES } from '../../../server/features/links/pipeline/link-step-error';
import { FIXTURE_PAGES, readFixture } from '../../../server/features/links/pipeline/fixtures/fixture-server';
import { type Database, openDatabase } from '../../../server/db/client';
import { SESSION_COOKIE } from '../../../server/http/auth';
import { createMember } from '../../support/factories';
import type { TestApp } from '../../support/test-app';
import { TestClient } from '../../support/test-client';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { type HearthProcess, killAllHearths, startHearthProcess } from '../support/hearth-process';

/**
 * Link targets that misbehave, on one local server: `/hang` accepts and never answers, `/drip`
 * answers 200 and then one byte a second forever, `/good` is an article. It counts fetches and
 * the connections still open per URL (path and query: each test asks for URLs of its own), so a
 * test sees a fetch start and end from the target's side.
 */
async function startTargets() {
  const open = new Map<string, Set<net.Socket>>();
  const started = new Map<string, number>();
  const drips = new Set<NodeJS.Timeout>();
  let dripped = 0;
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    const path = url.split('?')[0];
    started.set(url, (started.get(url) ?? 0) + 1);
    if (path === '/hang' || path === '/drip') {
      const sockets = open.get(url) ?? new Set<net.Socket>();
      open.set(url, sockets);
      sockets.add(request.socket);
      request.socket.once('close', () => sockets.delete(request.socket));
      if (path === '/hang') return; // Never a byte back.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write('<');
      const timer = setInterval(() => {
        response.write('p');
        dripped += 1;
      }, 1000);
      drips.add(timer);
      request.socket.once('close', () => {
        clearInterval(timer);
        drips.delete(timer);
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(readFixture(FIXTURE_PAGES.bees));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    /** Under the name `localhost`: a site name, so the bare-IP rule of the safety check does not fire. */
    url: (path: string) => `http://localhost:${port}${path}`,
    /** Connections to `path` (with its query) still open. */
    open: (path: string) => open.get(path)?.size ?? 0,
    /** Requests `path` (with its query) received. */
    started: (path: string) => started.get(path) ?? 0,
    dripped: () => dripped,
    async close() {
      for (const timer of drips) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const KEY = 'link-target-hangs-key-0123456789abcdef0123456789';

describe.skipIf(clusterUnavailable() !== null)('a link target that hangs', () => {
  let cluster: PostgresCluster;
  let database: Database;
  let targets: Awaited<ReturnType<typeof startTargets>>;
  let hearth: HearthProcess | undefined;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    targets = await startTargets();
  });
  afterEach(async () => {
    await database?.close();
    await hearth?.stop();
    hearth = undefined;
    killAllHearths();
  });
  afterAll(async () => {
    await targets?.close();
    cluster?.destroy();
  });

  /** Web and worker in one process, allowed to fetch from loopback; answers a signed-in owner. */
  async function start(env: Record<string, string>) {
    hearth = await startHearthProcess({
      databaseUrl: cluster.url,
      env: {
        LOG_LEVEL: 'warn',
        LINK_FETCH_ALLOW_LOOPBACK: 'true',
        FILES_SIGNING_KEY: KEY,
        TOTP_ENCRYPTION_KEY: KEY,
        MESSAGES_KEY: KEY,
        ...env,
      },
    });
    database = await openDatabase({ kind: 'postgres', url: cluster.url, max: 2 });
    const member = await createMember({ context: { db: database.db } } as unknown as TestApp);
    const owner = new TestClient(hearth.url, hearth.url);
    const res = await owner.post('/api/users/sign_in', {
      user: { email: member.email, password: member.password },
    });
    expect(res.status).toBe(200);
    expect(owner.cookie(SESSION_COOKIE)).toBeTruthy();
    return owner;
  }

  async function share(owner: TestClient, url: string): Promise<string> {
    const res = await owner.post<{ id: string }>('/api/links', { url, visibility: 'private' });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  const linkOf = async (owner: TestClient, id: string) =>
    (await owner.get<{ status: string; error: string | null }>(`/api/links/${id}`)).body;

  it('reads a link shared after the hanging one while the first still hangs', async () => {
    // A deadline well beyond the good link's reading, so "still hangs" is not a race.
    const owner = await start({ LINK_FETCH_DEADLINE_MS: '60000' });
    const hang = '/hang?for=queue';
    const hanging = await share(owner, targets.url(hang));
    // The worker is inside the hanging fetch (the target holds its connection).
    await expect.poll(() => targets.open(hang), { timeout: 30_000, interval: 100 }).toBe(1);

    const good = await share(owner, targets.url('/good?for=queue'));
    await expect
      .poll(async () => (await linkOf(owner, good)).status, { timeout: 45_000, interval: 250 })
      .toBe('ready');

    // ...and the first is still in its first fetch: nothing waited for it.
    expect(targets.open(hang)).toBe(1);
    expect(targets.started(hang)).toBe(1);
    expect((await linkOf(owner, hanging)).status).toBe('processing');
  });

  it('fails a hanging and a dripping link at the deadline, and the owner can retry', async () => {
    const owner = await start({ LINK_FETCH_DEADLINE_MS: '2500', LINK_RETRY_DELAY_SECONDS: '1' });
    const [hang, drip] = ['/hang?for=deadline', '/drip?for=deadline'];
    const hanging = await share(owner, targets.url(hang));
    const dripping = await share(owner, targets.url(drip));

    for (const id of [hanging, dripping]) {
      await expect
        .poll(async () => (await linkOf(owner, id)).status, { timeout: 100_000, interval: 500 })
        .toBe('failed');
      expect((await linkOf(owner, id)).error).toBe(LINK_ERROR_MESSAGES.timeout);
    }
    // The drip did send bytes while Hearth read; the first run and its 4 retries each met the
    // deadline, and Hearth hung up on both targets.
    expect(targets.dripped()).toBeGreaterThan(0);
    expect(targets.started(hang)).toBe(5);
    expect(targets.started(drip)).toBe(5);
    await expect.poll(() => targets.open(hang) + targets.open(drip), { timeout: 10_000 }).toBe(0);

    const retried = await owner.post<{ status: string; error: string | null }>(`/api/links/${hanging}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'pending', error: null });
    // The reading starts again: the target sees a new fetch.
    await expect.poll(() => targets.started(hang), { timeout: 30_000, interval: 100 }).toBe(6);
  }, 180_000);
});
