import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client';
import { MIGRATIONS_DIR } from '../../../server/paths';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';

/** How many processes start together on the empty database (more make an overlap likelier). */
const STARTING = 4;

/**
 * Several processes starting at once on an empty PostgreSQL database: each migrates at start-up,
 * and drizzle's migrator takes no lock of its own, so Hearth holds an advisory lock around it.
 */
describe.skipIf(clusterUnavailable() !== null)('migrations started together on an empty database', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(() => cluster?.destroy());

  it('all succeed, and each migration is recorded once', async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database migrate_together');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/migrate_together');

    // Each "process": its own pool and its own lock connection, as separate machines would have.
    const databases: Database[] = [];
    for (let i = 0; i < STARTING; i++) databases.push(await openDatabase({ kind: 'postgres', url, max: 2 }));
    try {
      const outcomes = await Promise.allSettled(databases.map((database) => database.migrate()));
      const failures = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [String(outcome.reason)] : [],
      );
      expect(failures).toEqual([]);

      const shipped = JSON.parse(fs.readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as {
        entries: unknown[];
      };
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      try {
        const { rows } = await check.query<{ hash: string; times: string }>(
          'select hash, count(*) as times from drizzle.__drizzle_migrations group by hash',
        );
        expect(rows).toHaveLength(shipped.entries.length);
        expect(rows.filter((row) => Number(row.times) !== 1)).toEqual([]);
        // And the schema is in place.
        expect((await check.query('select count(*) from users')).rows).toHaveLength(1);
      } finally {
        await check.end();
      }
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
