import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/domain/messages';
import { type Database, openDatabase } from '../../../server/db/client';
import { SESSION_COOKIE } from '../../../server/http/auth';
import { createMember } from '../../support/factories';
import type { TestApp } from '../../support/test-app';
import { TestClient } from '../../support/test-client';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { type HearthProcess, killAllHearths, startHearthProcess } from '../support/hearth-process';

const KEY = 'disk-full-test-key-0123456789abcdef0123456789ab';
/** Each upload: 256 KB of text (a document: checked, then kept as a copy under a new key). */
const SIZE = 256 * 1024;
const PAGE = 4096;

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) =>
      entry.isFile() ? [path.relative(dir, path.join(entry.parentPath, entry.name))] : [],
    );
}

function freeBytes(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/**
 * The disk that holds uploads fills up: a 2 MB tmpfs mounted as DATA_DIR/files under a real Hearth
 * process (root only). Each upload that does not fit answers 507 in the API's error shape, leaves
 * no part of itself on disk and no row pointing at a missing file, and uploads work again once an
 * operator frees space.
 */
describe.skipIf(clusterUnavailable() !== null)('the disk for uploads is full', () => {
  let cluster: PostgresCluster;
  let database: Database;
  let hearth: HearthProcess;
  let dataDir: string;
  let filesDir: string;
  let mounted = false;
  let unavailable: string | null = null;
  let owner: TestClient;

  beforeAll(async () => {
    if (process.getuid?.() !== 0) {
      unavailable = 'not root: mounting a small tmpfs needs root';
      return;
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-ops-disk-full-'));
    filesDir = path.join(dataDir, 'files');
    fs.mkdirSync(filesDir);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', filesDir], { stdio: 'pipe' });
      mounted = true;
    } catch (error) {
      unavailable = `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
      return;
    }
    cluster = await startPostgresCluster();
    hearth = await startHearthProcess({
      databaseUrl: cluster.url,
      dataDir,
      env: { LOG_LEVEL: 'warn', FILES_SIGNING_KEY: KEY, TOTP_ENCRYPTION_KEY: KEY, MESSAGES_KEY: KEY },
    });
    database = await openDatabase({ kind: 'postgres', url: cluster.url, max: 2 });
    const member = await createMember({ context: { db: database.db } } as unknown as TestApp);
    owner = new TestClient(hearth.url, hearth.url);
    const res = await owner.post('/api/users/sign_in', {
      user: { email: member.email, password: member.password },
    });
    expect(res.status).toBe(200);
    expect(owner.cookie(SESSION_COOKIE)).toBeTruthy();
  });

  afterAll(async () => {
    await database?.close();
    await hearth?.stop();
    killAllHearths();
    cluster?.destroy();
    if (mounted) execFileSync('umount', [filesDir]);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let uploads = 0;
  /** The browser's flow: ask for a URL, PUT the bytes, mark it uploaded. Stops at the first refusal. */
  async function upload() {
    const bytes = Buffer.from(`Upload ${++uploads} of a member's notes.\n`.repeat(SIZE / 32).slice(0, SIZE));
    const created = await owner.post<{ id: string; url: string }>('/api/file_requests', {
      name: `notes-${uploads}.txt`,
      file_type: 'post_attachment',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const put = await fetch(new URL(created.body.url, hearth.url), {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'text/plain' },
    });
    if (put.status !== 200) return { id, bytes, step: 'put', status: put.status, body: await put.json() };
    const done = await owner.patch(`/api/file_requests/${id}`, { status: 'uploaded' });
    return { id, bytes, step: 'complete', status: done.status, body: done.body as unknown };
  }

  /** No half-written object, and every uploaded row's objects present. */
  async function expectConsistent() {
    const onDisk = filesUnder(filesDir);
    expect(onDisk.filter((name) => name.endsWith('.part'))).toEqual([]);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ storage_key: string; thumbnail_key: string | null }>(
        `select storage_key, thumbnail_key from files where status = 'uploaded'`,
      );
      expect(rows.length).toBeGreaterThan(0);
      const named = new Set(onDisk.map((name) => path.basename(name)));
      const missing = rows
        .flatMap((row) => [row.storage_key, row.thumbnail_key])
        .filter((key): key is string => key !== null && !named.has(key));
      expect(missing).toEqual([]);
    } finally {
      await client.end();
    }
  }

  /** A file of zeros at the top of the mount that leaves about `free` bytes free. */
  function leaveFree(free: number): string {
    const filler = path.join(filesDir, `filler-${free}`);
    const size = Math.floor((freeBytes(filesDir) - free) / PAGE) * PAGE;
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, size)));
    return filler;
  }

  it('answers 507 with nothing half-written, and takes uploads again once space is freed', async (context) => {
    if (unavailable) context.skip(unavailable);

    // Upload until the disk is full: a few fit, then one is refused.
    const accepted: string[] = [];
    let refused: Awaited<ReturnType<typeof upload>> | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const result = await upload();
      if (result.status === 200) accepted.push(result.id);
      else refused = result;
    }
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    expect(refused).toMatchObject({ status: 507, body: { error: MESSAGES.storageFull } });
    await expectConsistent();

    // The operator makes room (here: grows the disk); the exact cases follow, sized by a filler.
    execFileSync('mount', ['-o', 'remount,size=4m', filesDir]);

    // Room for the upload but not for its checked copy: refused at completion, and its upload deleted.
    const filler = leaveFree(SIZE + SIZE / 2);
    const atCompletion = await upload();
    expect(atCompletion).toMatchObject({
      step: 'complete',
      status: 507,
      body: { error: MESSAGES.storageFull },
    });
    expect(filesUnder(filesDir).filter((name) => name.includes(atCompletion.id))).toEqual([]);
    await expectConsistent();

    // No room for the upload itself: refused at the PUT.
    const filler2 = leaveFree(SIZE / 2);
    const atPut = await upload();
    expect(atPut).toMatchObject({ step: 'put', status: 507, body: { error: MESSAGES.storageFull } });
    expect(filesUnder(filesDir).filter((name) => name.includes(atPut.id))).toEqual([]);
    await expectConsistent();

    // The operator frees space: the next upload is accepted and served.
    fs.rmSync(filler);
    fs.rmSync(filler2);
    const after = await upload();
    expect(after).toMatchObject({ step: 'complete', status: 200 });
    const served = await fetch(`${hearth.url}/api/files/${after.id}`, {
      headers: { cookie: `${SESSION_COOKIE}=${owner.cookie(SESSION_COOKIE)}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(after.bytes);
    await expectConsistent();
  });
});
