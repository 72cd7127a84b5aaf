import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../../server/db/client';
import { createJobs } from '../../server/jobs/queue';
import { adminUrl, databaseUrl, PG_TEMPLATE_DB, TEMPLATE_FILE, testEngine } from './test-database';

/** Installs pg-boss's schema too, so each test file starts from a fully prepared database. */
async function prepare(database: Database) {
  await database.migrate();
  const jobs = createJobs(database, [], pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
  await jobs.start({ work: false });
  await jobs.stop();
}

/** Builds the migrated template database once per run; each test file copies it. */
export default async function setup() {
  if (testEngine() === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await prepare(database);
    const dump = await database.dumpDataDir!();
    fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
    fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return;
  }
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(PG_TEMPLATE_DB), max: 2 });
  await prepare(database);
  await database.close();
}
