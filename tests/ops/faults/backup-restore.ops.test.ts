import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBytes, png } from '../../support/file-factories';
import type { TestClient } from '../../support/test-client';
import { seedMember, signedInOver } from '../support/members';
import {
  clusterUnavailable,
  PG_BIN,
  type PostgresCluster,
  startPostgresCluster,
} from '../support/postgres-cluster';
import {
  type HearthProcess,
  killAllHearths,
  startHearthProcess,
  waitForHealth,
} from '../support/hearth-process';

/**
 * The backup procedure of docs/operations.md, run for real: data made through the API is dumped
 * with `pg_dump -Fc` while Hearth runs, restored with `pg_restore` into a fresh database, and a new
 * Hearth on the restored database and a copy of the data folder serves it all back over HTTP.
 */
describe.skipIf(clusterUnavailable() !== null)('backup with pg_dump, restore with pg_restore', () => {
  let cluster: PostgresCluster;
  let work: string;
  const processes: HearthProcess[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-ops-backup-'));
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    killAllHearths();
    cluster?.destroy();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /** A web process and worker on `databaseUrl`, ready (migrations in place). */
  async function start(databaseUrl: string, dataDir: string) {
    const hearth = await startHearthProcess({ databaseUrl, dataDir, env: { LOG_LEVEL: 'warn' } });
    processes.push(hearth);
    await waitForHealth(hearth, 30_000, '/api/health/ready');
    return hearth;
  }

  async function upload(client: TestClient, bytes: Buffer) {
    const created = await client.post('/api/file_requests', {
      name: 'backed-up.png',
      file_type: 'post_attachment',
    });
    expect(created.status).toBe(201);
    const put = await fetch(new URL(created.body.url, client.baseUrl), {
      method: 'PUT',
      body: bytes as BodyInit,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    const completed = await client.patch(`/api/file_requests/${created.body.id}`, {
      status: 'uploaded',
      file_size: bytes.length,
      content_type: 'image/png',
      last_modified: 1_700_000_000_000,
    });
    expect(completed.status).toBe(200);
    return created.body.id as string;
  }

  it('serves the same member, posts, comment and file from the restored database', async () => {
    const originalDir = fs.mkdtempSync(path.join(work, 'data-'));
    const original = await start(cluster.url, originalDir);
    const member = await seedMember(cluster.url);
    const client = await signedInOver(original.url, original.url, member);
    const bytes = await png(40, 30, '#2a6');
    const fileRequestId = await upload(client, bytes);
    const withFile = await client.post('/api/posts', {
      post: {
        tldr: 'Before the backup, with a picture',
        content: '**kept**',
        file_request_id: fileRequestId,
      },
    });
    expect(withFile.status).toBe(201);
    const plain = await client.post('/api/posts', {
      post: { tldr: 'Before the backup, plain', content: '' },
    });
    expect(plain.status).toBe(201);
    const comment = await client.post(`/api/posts/${withFile.body.id}/comments`, {
      comment: { content: 'A comment worth keeping' },
    });
    expect(comment.status).toBe(201);
    const before = await client.get(`/api/posts/${withFile.body.id}`);
    expect(before.body.file_url).toEqual(expect.any(String));
    // What the original serves (images are re-encoded on upload, so not the bytes sent).
    const served = await fetchBytes(client, before.body.file_url);
    expect(served.response.status).toBe(200);
    expect(served.bytes.length).toBeGreaterThan(0);

    // Backup while Hearth runs, as docs/operations.md says.
    const dump = path.join(work, 'hearth.dump');
    execFileSync(path.join(PG_BIN, 'pg_dump'), ['--format=custom', `--file=${dump}`, cluster.url]);
    await original.stop();

    // Restore into a fresh database on the same server, and a copy of the data folder.
    const restoredUrl = cluster.url.replace(/\/postgres$/, '/restored');
    execFileSync(path.join(PG_BIN, 'createdb'), ['--maintenance-db', cluster.url, 'restored']);
    execFileSync(path.join(PG_BIN, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, dump]);
    const restoredDir = path.join(work, 'restored-data');
    fs.cpSync(originalDir, restoredDir, { recursive: true });

    const restored = await start(restoredUrl, restoredDir);
    const again = await signedInOver(restored.url, restored.url, member);
    const post = await again.get(`/api/posts/${withFile.body.id}`);
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ tldr: 'Before the backup, with a picture', content: '**kept**' });
    expect((await again.get(`/api/posts/${plain.body.id}`)).body).toMatchObject({
      tldr: 'Before the backup, plain',
    });
    const comments = await again.get(`/api/posts/${withFile.body.id}/comments`);
    expect(comments.status).toBe(200);
    expect(JSON.stringify(comments.body)).toContain('A comment worth keeping');
    const file = await fetchBytes(again, post.body.file_url);
    expect(file.response.status).toBe(200);
    expect(file.bytes.equals(served.bytes)).toBe(true);
  }, 120_000);
});
