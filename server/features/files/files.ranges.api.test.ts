import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithClient } from '../../../tests/support/factories';
import { jpeg, uploadAccepted } from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs, memberOfAnotherGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

/**
 * GET /api/files/{id} with `Range` (issue 28: videos seek without downloading everything):
 * one range is a 206 with exactly those bytes, a range past the end is 416, an If-Range that no
 * longer matches gives the whole file, and visibility is decided before any of it.
 */
describe('byte ranges on served files', () => {
  let app: TestApp;
  let dataDir: string;
  let owner: Awaited<ReturnType<typeof memberWithClient>>;
  let member: Awaited<ReturnType<typeof memberWithClient>>;
  let groupId: string;
  // Plain text Hearth keeps as uploaded: 1000 bytes whose every offset is recognisable.
  const body = Buffer.from(
    Array.from({ length: 100 }, (_, i) => `line ${String(i).padStart(4, '0')}\n`).join(''),
  );
  let file: { id: string; url: string };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-ranges-'));
    app = await createTestApp({ config: { dataDir } });
    owner = await memberWithClient(app);
    member = await memberWithClient(app);
    groupId = (await createGroupAs(owner.client)).id;
    await addToGroup(app, groupId, member.member.id, 'Commentor');
    file = await uploadAccepted(app, owner.client, { name: 'notes.txt', bytes: body });
    const post = await owner.client.post('/api/posts', {
      post: { tldr: 'Notes', content: '', file_request_id: file.id, group_id: groupId },
    });
    expect(post.status).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function get(client: TestClient, url: string, headers: Record<string, string> = {}) {
    const cookie = client.cookie('hearth_session');
    return fetch(client.baseUrl + url, {
      headers: { ...headers, ...(cookie ? { cookie: `hearth_session=${cookie}` } : {}) },
      redirect: 'manual',
    });
  }

  it('answers a whole file 200 and says it takes ranges', async () => {
    expect(body.length).toBe(1000);
    const res = await get(member.client, file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('content-range')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
  });

  it('answers one range 206 with exactly those bytes, keeping every security header', async () => {
    const res = await get(member.client, file.url, { range: 'bytes=10-29' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-29/1000');
    expect(res.headers.get('content-length')).toBe('20');
    expect(res.headers.get('etag')).toBe(`"${file.id}-original"`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.txt"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('vary')).toBe('Cookie');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe(body.subarray(10, 30).toString());
  });

  it('reads open and suffix ranges, and cuts a range that runs past the end', async () => {
    const open = await get(member.client, file.url, { range: 'bytes=990-' });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(Buffer.from(await open.arrayBuffer()).equals(body.subarray(990))).toBe(true);

    const suffix = await get(member.client, file.url, { range: 'bytes=-500' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe('bytes 500-999/1000');
    expect(Buffer.from(await suffix.arrayBuffer()).equals(body.subarray(500))).toBe(true);

    const beyond = await get(member.client, file.url, { range: 'bytes=995-5000' });
    expect(beyond.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect((await beyond.arrayBuffer()).byteLength).toBe(5);
  });

  it('answers 416 with the size for a range that starts past the end', async () => {
    const res = await get(member.client, file.url, { range: 'bytes=1000-' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
    expect(await res.json()).toEqual({ error: 'The requested range is not within the file.' });
  });

  it('sends the whole file for a malformed or multi-range header, or an If-Range that no longer matches', async () => {
    for (const range of ['bytes=abc', 'bytes=5-2', 'bytes=0-1,5-9']) {
      const res = await get(member.client, file.url, { range });
      expect(res.status, range).toBe(200);
      expect((await res.arrayBuffer()).byteLength, range).toBe(1000);
    }
    const stale = await get(member.client, file.url, { range: 'bytes=0-9', 'if-range': '"another"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('content-range')).toBeNull();
    expect((await stale.arrayBuffer()).byteLength).toBe(1000);

    const current = await get(member.client, file.url, {
      range: 'bytes=0-9',
      'if-range': `"${file.id}-original"`,
    });
    expect(current.status).toBe(206);
    expect(await current.text()).toBe('line 0000\n');
  });

  it('still answers 304 to a matching If-None-Match before looking at the range', async () => {
    const res = await get(member.client, file.url, {
      range: 'bytes=0-9',
      'if-none-match': `"${file.id}-original"`,
    });
    expect(res.status).toBe(304);
  });

  it('gives an outsider and a visitor the same 404, range or not', async () => {
    const outsider = await memberOfAnotherGroup(app);
    for (const client of [outsider.client, app.client()]) {
      const res = await get(client, file.url, { range: 'bytes=0-9' });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-range')).toBeNull();
      expect(await res.json()).toEqual({ error: 'Not found.' });
      expect((await get(client, file.url, { range: 'bytes=5000-' })).status).toBe(404);
    }
  });

  it('leaves image variants as they were, whole without a range', async () => {
    const image = await uploadAccepted(app, owner.client, { bytes: await jpeg(64, 48) });
    await owner.client.post('/api/posts', {
      post: { tldr: 'Photo', content: '', file_request_id: image.id, group_id: groupId },
    });
    for (const url of [image.url, image.thumbnail_url!]) {
      const whole = await get(member.client, url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('image/webp');
      expect(whole.headers.get('content-disposition')).toMatch(/^inline; /);
      const bytes = Buffer.from(await whole.arrayBuffer());
      expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
      expect(whole.headers.get('content-length')).toBe(String(bytes.length));

      const head = await get(member.client, url, { range: 'bytes=0-3' });
      expect(head.status).toBe(206);
      expect(head.headers.get('content-range')).toBe(`bytes 0-3/${bytes.length}`);
      expect(await head.text()).toBe('RIFF');
    }
  });
});
