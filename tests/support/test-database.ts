import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from '../../server/db/client';

/** Which engine the API suite runs on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated database for one test file, copied from the template the global setup built. */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (testEngine() === 'pglite') {
    const blob = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: blob });
    return { database, drop: () => database.close() };
  }
  const name = `hearth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), max: 5 });
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
