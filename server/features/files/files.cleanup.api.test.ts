import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { files } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { jpeg, png, putBytes, requestUpload, uploadAccepted } from '../../../tests/support/file-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { FILES_CLEANUP_JOB, filesCleanupJob, sweepFiles } from './files.job';
import { allStorageKeys, storageKeys } from './files.keys';

describe('files cleanup job', () => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-file-cleanup-'));
    app = await createTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await app.close();
    // A photo's reading or the search index may still be finishing a write under the folder after
    // the queue's graceful stop gave up on it: retry instead of failing on a folder that refills.
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  /** Makes a file look as if it was created (and completed) `hours` ago. */
  async function age(fileId: string, hours: number) {
    const then = new Date(Date.now() - hours * 3600_000);
    await app.context.db
      .update(files)
      .set({
        createdAt: then,
        uploadedAt: sql`case when ${files.status} = 'uploaded' then ${then.toISOString()}::timestamptz end`,
      })
      .where(eq(files.id, fileId));
  }

  async function objectsOf(fileId: string) {
    const present: string[] = [];
    for (const key of allStorageKeys(fileId)) if (await app.context.storage.head(key)) present.push(key);
    return present;
  }

  async function rowExists(fileId: string) {
    return (
      (await app.context.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).length === 1
    );
  }

  it('is scheduled hourly', async () => {
    const result = await app.context.db.execute(sql`select name, cron from pgboss.schedule`);
    expect(rowsOf<{ name: string; cron: string }>(result)).toContainEqual({
      name: FILES_CLEANUP_JOB,
      cron: '17 * * * *',
    });
  });

  it('removes stale pending and unattached files with their objects, and keeps what is in use', async () => {
    const { client } = await memberWithClient(app);

    const stalePending = (await requestUpload(client)).body;
    await putBytes(app, stalePending.url, await jpeg());
    await age(stalePending.id, 25);
    const freshPending = (await requestUpload(client)).body;
    await putBytes(app, freshPending.url, await jpeg());

    const unattached = await uploadAccepted(app, client, { bytes: await jpeg() });
    await age(unattached.id, 25);
    const freshUnattached = await uploadAccepted(app, client, { bytes: await jpeg() });

    const attached = await uploadAccepted(app, client, { bytes: await jpeg() });
    await client.post('/api/posts', { post: { tldr: 'Kept', file_request_id: attached.id } });
    await age(attached.id, 48);

    const fromDeletedPost = await uploadAccepted(app, client, { bytes: await jpeg() });
    const doomed = await client.post('/api/posts', {
      post: { tldr: 'Gone', file_request_id: fromDeletedPost.id },
    });
    expect((await client.delete(`/api/posts/${doomed.body.id}`)).status).toBe(200);
    await age(fromDeletedPost.id, 30);

    const oldAvatar = await uploadAccepted(app, client, { file_type: 'profile', bytes: await png() });
    const avatar = await uploadAccepted(app, client, { file_type: 'profile', bytes: await png() });
    await age(oldAvatar.id, 30);
    await age(avatar.id, 30);

    // Completed 30 minutes ago; something was PUT again to its (since expired) upload URL.
    const reuploaded = await uploadAccepted(app, client, { bytes: await jpeg() });
    await app.context.db
      .update(files)
      .set({ uploadedAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(files.id, reuploaded.id));
    await app.context.storage.write(storageKeys(reuploaded.id).upload, Buffer.from('late'), 'text/plain');

    const gone = [stalePending.id, unattached.id, fromDeletedPost.id, oldAvatar.id];
    const kept = [freshPending.id, freshUnattached.id, attached.id, avatar.id, reuploaded.id];
    for (const id of gone) expect(await objectsOf(id)).not.toEqual([]);

    // Through the queue, as the schedule runs it; wait for what must happen first.
    await app.context.jobs.enqueue(filesCleanupJob(app.context), {});
    const deadline = Date.now() + 15_000;
    const finished = async () =>
      (await app.context.db.select().from(files).where(inArray(files.id, gone))).length === 0 &&
      !(await app.context.storage.head(storageKeys(reuploaded.id).upload));
    while (!(await finished())) {
      if (Date.now() > deadline) throw new Error('the cleanup job did not run');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const id of gone) expect(await objectsOf(id), id).toEqual([]);
    for (const id of kept) expect(await rowExists(id), id).toBe(true);
    expect(await objectsOf(freshPending.id)).toEqual([storageKeys(freshPending.id).upload]);
    expect(await objectsOf(attached.id)).toEqual([
      storageKeys(attached.id).image,
      storageKeys(attached.id).thumbnail,
    ]);
    expect(await objectsOf(avatar.id)).toEqual([storageKeys(avatar.id).image]);
    expect(await objectsOf(reuploaded.id)).toEqual([
      storageKeys(reuploaded.id).image,
      storageKeys(reuploaded.id).thumbnail,
    ]);
    expect((await client.get('/api/auth')).body.avatar).toBe(`/api/files/${avatar.id}`);

    // Idempotent: a second run finds nothing more to delete.
    expect((await sweepFiles(app.context)).deleted).toBe(0);
    for (const id of kept) expect(await rowExists(id), id).toBe(true);
  });
});
