import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { links } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMember, type Member } from '../../../tests/support/factories';
import { LIVE_EVENTS_CHANNEL, type LiveMessage } from '../events/live-events';
import { startFixtureServer, type FixtureServer } from './pipeline/fixtures/fixture-server';
import { splitSentences } from './pipeline/textrank';
import {
  enqueueLinkProcessing,
  MAX_ATTEMPTS,
  processLink,
  retryLink,
  STALE_AFTER_MS,
  sweepStaleLinks,
} from './links.job';

let app: TestApp;
let fixtures: FixtureServer;
let owner: Member;

beforeAll(async () => {
  fixtures = await startFixtureServer();
  app = await createTestApp({
    config: { links: { fetchAllowLoopback: true, llm: null, safeBrowsing: null } },
  });
  owner = await createMember(app);
});

afterAll(async () => {
  await app?.close();
  await fixtures?.close();
});

/** A fixture page under the name `localhost`: a site name, so the bare-IP rule does not fire. */
const page = (path: string) => `http://localhost:${fixtures.port}${path}`;

async function insertLink(values: Partial<typeof links.$inferInsert> & { url: string }) {
  const url = new URL(values.url);
  const [row] = await app.context.db
    .insert(links)
    .values({ userId: owner.id, normalizedUrl: url.href, domain: url.hostname, ...values })
    .returning();
  return row!;
}

async function readLink(id: string) {
  const [row] = await app.context.db.select().from(links).where(eq(links.id, id));
  return row!;
}

/** Waits until the link is ready or failed (the worker polls the queue twice a second). */
async function waitForSettled(id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await readLink(id);
    if (row.status === 'ready' || row.status === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`link ${id} still ${row.status} at step ${row.step}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Hears the live events the database delivers (PGlite in-process, PostgreSQL over one connection). */
async function listenToLiveEvents() {
  const messages: LiveMessage[] = [];
  const hear = (payload: string) => messages.push(JSON.parse(payload) as LiveMessage);
  const client = (app.context.db as unknown as { $client: unknown }).$client;
  if (app.context.database.kind === 'pglite') {
    const stop = await (client as PGlite).listen(LIVE_EVENTS_CHANNEL, hear);
    return { messages, stop };
  }
  const connection = await (client as pg.Pool).connect();
  connection.on('notification', (notification) => hear(notification.payload ?? ''));
  await connection.query(`listen ${LIVE_EVENTS_CHANNEL}`);
  return {
    messages,
    stop: async () => {
      await connection.query(`unlisten ${LIVE_EVENTS_CHANNEL}`);
      connection.release();
    },
  };
}

describe('links.process job', () => {
  it("tells the owner's browsers after every step, and when the link is ready", async () => {
    const listener = await listenToLiveEvents();
    try {
      const link = await insertLink({ url: page('/articles/bees') });
      await processLink(app.context, link.id, { retryCount: 0, final: false });
      expect((await readLink(link.id)).status).toBe('ready');
      const expected = {
        audience: { userIds: [owner.id] },
        event: { type: 'link.updated', linkId: link.id },
      };
      // Fetch, extract, summarise, embed, safety, lead image, ready: one event each (after commit).
      const forLink = () =>
        listener.messages.filter(
          (message) => message.event.type === 'link.updated' && message.event.linkId === link.id,
        );
      const deadline = Date.now() + 5000;
      while (forLink().length < 7 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(forLink()).toEqual(Array.from({ length: 7 }, () => expected));
    } finally {
      await listener.stop();
    }
  });

  it('reads a link end to end: fetch, extract, summarise, safety, ready', async () => {
    const link = await insertLink({ url: page('/redirect?n=2') });
    await enqueueLinkProcessing(app.context, link.id);
    const done = await waitForSettled(link.id);

    expect(done).toMatchObject({
      status: 'ready',
      step: null,
      error: null,
      finalUrl: page('/articles/bees'),
      redirectChain: [page('/redirect?n=2'), page('/redirect?n=1')],
      title: "Rooftop hives are changing how London's bees live",
      siteName: 'Garden Weekly',
      language: 'en-GB',
      leadImageUrl: page('/images/rooftop-hives.jpg'),
      domain: 'localhost',
      safetyVerdict: 'safe',
      safetyReasons: [],
      attempts: 1,
    });
    expect(done.processedAt).toBeInstanceOf(Date);
    expect(done.markdownContent).toContain('## A crowded city for wild bees');
    expect(done.markdownContent).toContain(
      `[beekeepers are invited to respond](${page('/consultations/urban-bees')})`,
    );
    expect(done.markdownContent).not.toContain('Privacy');
    expect(splitSentences(done.sentenceSummary!)).toHaveLength(1);
    const paragraphSentences = splitSentences(done.paragraphSummary!);
    expect(paragraphSentences.length).toBeGreaterThanOrEqual(3);
    expect(paragraphSentences.length).toBeLessThanOrEqual(5);
    for (const sentence of paragraphSentences) expect(done.markdownContent).toContain(sentence);
  });

  it('fails at once, recording the step and a short message, when the page is not HTML', async () => {
    const link = await insertLink({ url: page('/image.png') });
    await enqueueLinkProcessing(app.context, link.id);
    const failed = await waitForSettled(link.id);
    expect(failed).toMatchObject({
      status: 'failed',
      step: 'extract',
      error: 'Hearth can only read web pages and plain text (this link is image/png)',
      attempts: 1,
      finalUrl: page('/image.png'),
      markdownContent: null,
      safetyVerdict: 'safe',
      safetyReasons: [],
    });
  });

  it('still judges the safety of a link it cannot read: a program download is unsafe', async () => {
    const link = await insertLink({ url: page('/download') });
    await enqueueLinkProcessing(app.context, link.id);
    const failed = await waitForSettled(link.id);
    expect(failed).toMatchObject({
      status: 'failed',
      step: 'extract',
      error: 'Hearth can only read web pages and plain text (this link is application/octet-stream)',
      errorRetryable: false,
      safetyVerdict: 'unsafe',
      safetyReasons: ['The link downloads a program (invoice-setup.exe)'],
    });
  });

  it('fails at once, well inside the fetch deadline, when a page announces more than the cap', async () => {
    const link = await insertLink({ url: page('/announced-huge') });
    const started = Date.now();
    await processLink(app.context, link.id, { retryCount: 0, final: false });
    // The fetch deadline is 15 s; waiting for the body would have taken all of it.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await readLink(link.id)).toMatchObject({
      status: 'failed',
      step: 'fetch',
      error: 'The page is too large for Hearth to read',
      attempts: 1,
    });
  });

  it('fails at once when the address is private, without trying to connect', async () => {
    const link = await insertLink({ url: 'http://169.254.169.254/latest/meta-data/' });
    await enqueueLinkProcessing(app.context, link.id);
    const failed = await waitForSettled(link.id);
    expect(failed).toMatchObject({
      status: 'failed',
      step: 'fetch',
      error: 'This link points to a private or local network address, which Hearth does not open',
      errorRetryable: false,
      attempts: 1,
      finalUrl: null,
      safetyVerdict: 'suspicious',
      safetyReasons: ['The link uses a bare IP address (169.254.169.254) instead of a site name'],
    });
  });

  it('keeps a link processing while a transient failure may be retried, and fails it on the last attempt', async () => {
    const link = await insertLink({ url: page('/server-error') });
    await expect(processLink(app.context, link.id, { retryCount: 0, final: false })).rejects.toThrow(/503/);
    expect(await readLink(link.id)).toMatchObject({
      status: 'processing',
      step: 'fetch',
      error: null,
      attempts: 1,
    });

    await processLink(app.context, link.id, { retryCount: 4, final: true });
    expect(await readLink(link.id)).toMatchObject({
      status: 'failed',
      step: 'fetch',
      error: 'The page could not be loaded (the site answered 503)',
      errorRetryable: true,
      attempts: 2,
      safetyVerdict: 'unknown',
      safetyReasons: ['Hearth could not open the page to check it'],
    });
  });

  it("retries a failed link on the owner's request, from pending to ready", async () => {
    const link = await insertLink({
      url: page('/articles/rivieres'),
      status: 'failed',
      step: 'fetch',
      error: 'The page took too long to answer',
      errorRetryable: true,
    });
    await retryLink(app.context, link.id);
    const afterRetry = await readLink(link.id);
    expect(['pending', 'processing', 'ready']).toContain(afterRetry.status);
    expect(afterRetry.error).toBeNull();
    expect(afterRetry.errorRetryable).toBeNull();

    const done = await waitForSettled(link.id);
    expect(done).toMatchObject({
      status: 'ready',
      language: 'fr',
      title: 'Les rivières urbaines retrouvent leur lit',
    });
    expect(done.leadImageUrl).toBe('https://cdn.example.org/photos/riviere.jpg');
  });

  it('queues one job per link however often it is enqueued', async () => {
    const link = await insertLink({ url: page('/articles/bees') });
    await Promise.all([1, 2, 3].map(() => enqueueLinkProcessing(app.context, link.id)));
    await waitForSettled(link.id);
    const jobs = rowsOf<{ count: number }>(
      await app.context.db.execute(
        sql`select count(*)::int as count from pgboss.job where name = 'links.process' and singleton_key = ${link.id}`,
      ),
    );
    expect(Number(jobs[0]!.count)).toBe(1);
  });
});

describe('a worker killed mid-link loses nothing', () => {
  it('the sweeper finds a half-processed link with no job and completes it without redoing stored steps', async () => {
    const storedMarkdown = [
      'The river flooded the lower town twice this winter, and the council has now agreed a new flood plan.',
      'Engineers will widen the channel under the old bridge so that water can pass more quickly during storms.',
      'Residents of the lower town will be offered free flood barriers for their doors before next autumn.',
      'The plan also restores a wetland upstream, which stores water during heavy rain and releases it slowly.',
    ].join('\n\n');
    const stale = new Date(Date.now() - STALE_AFTER_MS - 60_000);
    // As a worker dying after the extract step leaves it: fetched and extracted, nothing after.
    const halfDone = await insertLink({
      url: page('/articles/bees'),
      status: 'processing',
      step: 'summarise',
      attempts: 1,
      finalUrl: page('/articles/bees'),
      redirectChain: [],
      title: 'Flood plan agreed',
      markdownContent: storedMarkdown,
      updatedAt: stale,
    });
    const fresh = await insertLink({ url: page('/articles/bees'), status: 'pending' });
    const exhausted = await insertLink({
      url: page('/articles/bees'),
      status: 'processing',
      step: 'fetch',
      attempts: MAX_ATTEMPTS,
      updatedAt: stale,
    });

    const requeued = await sweepStaleLinks(app.context);
    expect(requeued).toContain(halfDone.id);
    expect(requeued).not.toContain(fresh.id);
    expect(requeued).not.toContain(exhausted.id);
    expect(await readLink(exhausted.id)).toMatchObject({
      status: 'failed',
      step: 'fetch',
      error: 'Something went wrong while reading this page',
    });

    const done = await waitForSettled(halfDone.id);
    expect(done).toMatchObject({
      status: 'ready',
      attempts: 2,
      title: 'Flood plan agreed',
      markdownContent: storedMarkdown,
      safetyVerdict: 'safe',
    });
    // The summary was made from the stored text, not from a fresh extract of the page.
    expect(storedMarkdown).toContain(done.sentenceSummary!);
    expect(done.paragraphSummary).not.toMatch(/bees/i);
  });

  it('a re-run of a finished link changes nothing', async () => {
    const link = await insertLink({ url: page('/articles/bees') });
    await processLink(app.context, link.id, { retryCount: 0, final: false });
    const first = await readLink(link.id);
    expect(first.status).toBe('ready');
    const hitsBefore = fixtures.hits.get('/articles/bees');

    await processLink(app.context, link.id, { retryCount: 0, final: false });
    const second = await readLink(link.id);
    expect(second).toEqual(first);
    expect(fixtures.hits.get('/articles/bees')).toBe(hitsBefore);
  });
});
