import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import {
  fetchBytes,
  jpeg,
  putBytes,
  requestUpload,
  uploadAccepted,
  uploadFile,
} from '../../../tests/support/file-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { storageKeys } from './files.keys';

const MAX = 200_000;
const QUOTA = 100_000;

/** A PNG whose header declares `side`×`side` pixels around a few bytes of data: a decompression bomb. */
function pixelFloodPng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(side * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const text = (value: string) => new TextEncoder().encode(value);

/** What an upload must pass before anyone sees it: size, quota, real type, sane pixels, no metadata. */
describe('upload checks', () => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-file-checks-'));
    app = await createTestApp({ config: { dataDir, uploadMaxBytes: MAX, uploadQuotaBytes: QUOTA } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function expectRefused(upload: Awaited<ReturnType<typeof uploadFile>>, message: RegExp) {
    expect(upload.completed.status).toBe(422);
    expect(upload.completed.body.errors.file[0]).toMatch(message);
    // Refused bytes are deleted at once, and never served.
    expect(await app.context.storage.head(storageKeys(upload.id).upload)).toBeNull();
    const [row] = await app.context.db.select().from(files).where(eq(files.id, upload.id));
    expect(row!.status).toBe('pending');
  }

  it('stops a PUT beyond the size limit with 413 and keeps nothing of it', async () => {
    const { client } = await memberWithClient(app);
    const created = await requestUpload(client);
    expect(created.body.max_size).toBe(MAX);
    const tooBig = await putBytes(app, created.body.url, new Uint8Array(MAX + 1));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'The file is too large (maximum is 195 kB).' });
    expect(await app.context.storage.head(storageKeys(created.body.id).upload)).toBeNull();

    // Without a declared length (a chunked body) the cap holds while streaming.
    const chunked = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(MAX / 4));
        controller.close();
      },
    });
    const streamed = await fetch(new URL(created.body.url, app.url), {
      method: 'PUT',
      body: chunked,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    // The server answers 413 and closes; depending on timing the client sees that or a reset.
    if (streamed instanceof Response) expect(streamed.status).toBe(413);
    expect(await app.context.storage.head(storageKeys(created.body.id).upload)).toBeNull();
  });

  it('refuses at PATCH an object over the limit (object stores cannot cap a PUT) and deletes it', async () => {
    const { client } = await memberWithClient(app);
    const created = await requestUpload(client);
    await app.context.storage.write(
      storageKeys(created.body.id).upload,
      Buffer.alloc(MAX + 10),
      'text/plain',
    );
    const res = await client.patch(`/api/file_requests/${created.body.id}`, { status: 'uploaded' });
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/is too large/);
    expect(await app.context.storage.head(storageKeys(created.body.id).upload)).toBeNull();
  });

  it('refuses a PATCH before any bytes arrived, and an empty file', async () => {
    const { client } = await memberWithClient(app);
    const created = await requestUpload(client);
    const early = await client.patch(`/api/file_requests/${created.body.id}`, { status: 'uploaded' });
    expect(early.status).toBe(422);
    expect(early.body.errors.file[0]).toMatch(/was not uploaded/);
    await expectRefused(await uploadFile(app, client, { bytes: new Uint8Array(0) }), /is empty/);
  });

  it('refuses HTML claiming to be a PNG, and SVG with script, and never serves them', async () => {
    const { client } = await memberWithClient(app);
    const html = await uploadFile(app, client, {
      name: 'photo.png',
      contentType: 'image/png',
      bytes: text('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
    });
    await expectRefused(html, /is not a file type Hearth accepts/);
    expect((await fetchBytes(client, `/api/files/${html.id}`)).response.status).toBe(404);

    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    ]) {
      const upload = await uploadFile(app, client, {
        name: 'logo.svg',
        contentType: 'image/svg+xml',
        bytes: text(svg),
      });
      await expectRefused(upload, /is not a file type Hearth accepts/);
      expect((await fetchBytes(client, `/api/files/${upload.id}`)).response.status).toBe(404);
    }
    // Binary that is neither a known type nor text.
    await expectRefused(
      await uploadFile(app, client, { name: 'a.bin', bytes: new Uint8Array([0, 1, 2, 3, 0xff, 0xfe]) }),
      /is not a file type/,
    );
  });

  it('refuses a pixel flood (a tiny PNG declaring 30000×30000) with 422', async () => {
    const { client } = await memberWithClient(app);
    const flood = pixelFloodPng(30_000);
    expect(flood.length).toBeLessThan(MAX);
    await expectRefused(await uploadFile(app, client, { bytes: flood }), /more than 50 megapixels/);
    // The server is still fine.
    expect((await client.get('/api/auth')).status).toBe(200);
  });

  it('refuses an image its decoder cannot read', async () => {
    const { client } = await memberWithClient(app);
    const broken = Buffer.concat([(await jpeg()).subarray(0, 40)]);
    await expectRefused(await uploadFile(app, client, { bytes: broken }), /is not an image Hearth can read/);
  });

  it('strips EXIF (GPS position included) from the served image and its thumbnail', async () => {
    const { client } = await memberWithClient(app);
    const withGps = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'HearthCam', Model: 'Test' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    const plain = await jpeg(64, 48, '#36c');
    expect((await sharp(withGps).metadata()).exif!.length).toBeGreaterThan(
      (await sharp(plain).metadata()).exif?.length ?? 0,
    );

    const file = await uploadAccepted(app, client, { bytes: withGps });
    for (const url of [file.url, file.thumbnail_url!]) {
      const served = await fetchBytes(client, url);
      expect(served.response.status).toBe(200);
      const metadata = await sharp(served.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(served.bytes.includes(Buffer.from('HearthCam'))).toBe(false);
    }
  });

  it('turns an image upright from its EXIF orientation', async () => {
    const { client } = await memberWithClient(app);
    // 2×1 pixels stored, orientation 6 (rotate 90° clockwise to display): shown 1×2.
    const sideways = await sharp({ create: { width: 2, height: 1, channels: 3, background: '#f00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const file = await uploadAccepted(app, client, { bytes: sideways });
    expect([file.width, file.height]).toEqual([1, 2]);
    const served = await fetchBytes(client, file.url);
    const metadata = await sharp(served.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([1, 2]);
    expect(metadata.orientation).toBeUndefined();
  });

  it('scales large images down to 2048 px and makes a 960 px wide thumbnail', async () => {
    const { client } = await memberWithClient(app);
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#999' } })
      .jpeg({ quality: 30 })
      .toBuffer();
    const file = await uploadAccepted(app, client, { bytes: big });
    expect([file.width, file.height]).toEqual([2048, 683]);
    const thumbnail = await sharp((await fetchBytes(client, file.thumbnail_url!)).bytes).metadata();
    expect(thumbnail.width).toBe(960);
  });

  it('keeps an animated GIF animated (as WebP), frame size and all', async () => {
    const { client } = await memberWithClient(app);
    const [width, height, pages] = [40, 30, 3];
    const raw = Buffer.alloc(width * height * pages * 3);
    for (let page = 0; page < pages; page++)
      raw.fill(page * 80, page * width * height * 3, (page + 1) * width * height * 3);
    const gif = await sharp(raw, { raw: { width, height: height * pages, channels: 3, pageHeight: height } })
      .gif({ loop: 0 })
      .toBuffer();
    const file = await uploadAccepted(app, client, { name: 'dance.gif', bytes: gif });
    expect([file.content_type, file.width, file.height]).toEqual(['image/webp', 40, 30]);
    const served = await sharp((await fetchBytes(client, file.url)).bytes, { animated: true }).metadata();
    expect([served.format, served.pages, served.pageHeight]).toEqual(['webp', 3, 30]);
  });

  it('keeps each member within the storage quota', async () => {
    const { client } = await memberWithClient(app);
    const sixty = text('x'.repeat(60_000));
    await uploadAccepted(app, client, { name: 'a.txt', bytes: sixty });
    // 60 kB stored, 60 more would pass 100 kB.
    await expectRefused(await uploadFile(app, client, { name: 'b.txt', bytes: sixty }), /storage quota/);
    await uploadAccepted(app, client, { name: 'c.txt', bytes: text('y'.repeat(40_000)) });
    // Now full: no new upload URL at all.
    const full = await client.post('/api/file_requests', { name: 'd.txt', file_type: 'post_attachment' });
    expect(full.status).toBe(422);
    expect(full.body.errors.file[0]).toMatch(/storage quota of 97.7 kB/);
    // Another member is not affected.
    const other = await memberWithClient(app);
    expect(
      (await other.client.post('/api/file_requests', { name: 'e.txt', file_type: 'post_attachment' })).status,
    ).toBe(201);
  });
});
