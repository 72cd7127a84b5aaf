import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../../server/db/client';
import { createJobs } from '../../server/jobs/queue';
import type { TestProject } from 'vitest/node';
import { adminUrl, databaseUrl, testEngine } from './test-database';

/** Installs pg-boss's schema too, so each test file starts from a fully prepared database. */
async function prepare(database: Database) {
  await database.migrate();
  const jobs = createJobs(database, [], pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
  await jobs.start({ work: false });
  await jobs.stop();
}

/** Builds the migrated template database once per run; each test file copies it. */
export default async function setup(project: TestProject) {
  // Unique per run, so several runs on one machine never share a template.
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const TEMPLATE_FILE = path.resolve(import.meta.dirname, `../../.tmp/pglite-template-${runId}.tar.gz`);
  const PG_TEMPLATE_DB = `hearth_template_${runId}`;
  project.provide('pgliteTemplate', TEMPLATE_FILE);
  project.provide('postgresTemplate', PG_TEMPLATE_DB);
  if (testEngine() === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await prepare(database);
    const dump = await database.dumpDataDir!();
    fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
    fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return () => fs.rmSync(TEMPLATE_FILE, { force: true });
  }
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(PG_TEMPLATE_DB), max: 2 });
  await prepare(database);
  await database.close();
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    try {
      await client.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    } finally {
      await client.end();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
