import fs from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '../../shared/domain/messages';
import { memberWithClient } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { testEngine } from '../../tests/support/test-database';
import { type Database, type Db, openDatabase, rowsOf } from './client';
import { uniqueViolation } from './errors';
import { DatabaseUnavailableError, type PgliteThread } from './pglite-thread';

const threadOf = (db: Db) => (db as unknown as { $client: PgliteThread }).$client;

// PostgreSQL is a server of its own: its queries never ran on Hearth's event loop.
describe.runIf(testEngine() === 'pglite')('the embedded database runs off the main thread', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('keeps answering /api/health over HTTP while a long query runs', async () => {
    let slowQueryDone = false;
    const slow = app.context.db.execute(sql`select pg_sleep(2)`).then(() => {
      slowQueryDone = true;
    });
    for (let i = 0; i < 3; i++) {
      const res = await app.client().get('/api/health');
      expect(res.status).toBe(200);
      expect(slowQueryDone).toBe(false);
    }
    await slow;
    expect(slowQueryDone).toBe(true);
  });

  it('carries PostgreSQL errors across with their code and constraint', async () => {
    await app.context.db.execute(
      sql`create table thread_probe (name text constraint thread_probe_name_key unique)`,
    );
    await app.context.db.execute(sql`insert into thread_probe (name) values ('once')`);
    const error = await app.context.db
      .execute(sql`insert into thread_probe (name) values ('once')`)
      .catch((e) => e);
    expect(uniqueViolation(error)).toBe('thread_probe_name_key');
    const cause = (error as { cause: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: '23505', detail: 'Key (name)=(once) already exists.' });
  });

  it('holds the session for a transaction: other calls wait for its end, a failed one rolls back', async () => {
    const db = app.context.db;
    await db.execute(sql`create table thread_tx (n int)`);
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_tx values (1)`);
      outside = db.execute(sql`select count(*)::int as n from thread_tx`).then((result) => {
        order.push(`outside saw ${rowsOf<{ n: number }>(result)[0]?.n}`);
      });
      await tx.execute(sql`insert into thread_tx values (2)`);
      // A nested call goes to the transaction (it would wait for itself otherwise).
      await tx.transaction(async (nested) => nested.execute(sql`insert into thread_tx values (3)`));
      order.push('transaction done');
    });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw 3']);

    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_tx values (4)`);
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('changed my mind');
    const count = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from thread_tx`));
    expect(count[0]?.n).toBe(3);
  });

  it('keeps Drizzle dates and timestamps as PGlite in-thread gave them', async () => {
    const result = await app.context.db.execute(
      sql`select timestamptz '2030-01-15 12:00:30+00' as at, date '2030-01-15' as day, 42::bigint as big`,
    );
    expect(rowsOf(result)[0]).toEqual({ at: '2030-01-15 12:00:30+00', day: '2030-01-15', big: 42 });
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const heard: string[] = [];
    const stop = await app.context.database.listen('thread_probe', (payload) => heard.push(payload));
    await app.context.db.execute(sql`select pg_notify('thread_probe', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await stop();
    await app.context.db.execute(sql`select pg_notify('thread_probe', 'second')`);
    // Positive control: a listener still subscribed hears the next one, the stopped one does not.
    const control: string[] = [];
    const stopControl = await app.context.database.listen('thread_probe', (payload) => control.push(payload));
    await app.context.db.execute(sql`select pg_notify('thread_probe', 'third')`);
    await expect.poll(() => control).toEqual(['third']);
    await stopControl();
    expect(heard).toEqual(['first']);
  });
});

describe.runIf(testEngine() === 'pglite')('when the database thread dies', () => {
  it('fails the calls in flight and every later one, and says so once', async () => {
    const failures: Error[] = [];
    const database: Database = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
      onFailure: (error) => failures.push(error),
    });
    try {
      const inFlight = database.db.execute(sql`select pg_sleep(5)`).catch((error: unknown) => error);
      await threadOf(database.db).crash();
      const error = (await inFlight) as { cause?: unknown };
      expect(error.cause ?? error).toBeInstanceOf(DatabaseUnavailableError);
      const later = await database.db.execute(sql`select 1`).catch((e: { cause?: unknown }) => e.cause ?? e);
      expect(later).toBeInstanceOf(DatabaseUnavailableError);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await database.close();
    }
  });

  it('answers 503 in the error shape, health included, and logs it', async () => {
    let logs = '';
    const capture = new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk);
        done();
      },
    });
    const app = await createTestApp({ logTo: { stream: capture, level: 'error' } });
    try {
      const { client } = await memberWithClient(app);
      expect((await client.get('/api/auth')).status).toBe(200);
      await threadOf(app.context.db).crash();
      const res = await client.get('/api/auth');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: MESSAGES.serviceUnavailable });
      expect(logs).toContain('the database is unavailable');
      // The health check says so too (supervisors restart the process; the web app shows it is down).
      const health = await app.client().get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ error: MESSAGES.serviceUnavailable });
    } finally {
      await app.close();
    }
  });
});

describe.runIf(testEngine() === 'pglite')('the embedded database’s buffer pool (ADR 053)', () => {
  const sharedBuffers = async (sharedBuffersMb?: number) => {
    const database = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
      sharedBuffersMb,
    });
    try {
      return rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`))[0]!
        .shared_buffers;
    } finally {
      await database.close();
    }
  };

  it('is the size PGLITE_SHARED_BUFFERS_MB gives, and PostgreSQL’s 128 MB without one', async () => {
    expect(await sharedBuffers(24)).toBe('24MB');
    expect(await sharedBuffers()).toBe('128MB');
  });
});
