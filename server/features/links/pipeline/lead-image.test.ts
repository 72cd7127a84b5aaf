import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetchError } from '../../../adapters/safe-fetch/safe-fetch';
import { fetchLeadImage, LEAD_IMAGE_LIMITS, LeadImageRefused } from './lead-image';

/** A local image server: each path answers one kind of "image", and every hit is counted. */
const routes = new Map<string, { type: string; body: Buffer } | { redirect: string }>();
const hits = new Map<string, number>();
let server: http.Server;
let origin: string;
let port: number;

const local = { allowLoopback: true };

beforeAll(async () => {
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#d94' } });
  const withGps = await solid(640, 480)
    .jpeg()
    .withExif({
      IFD0: { Make: 'HearthCam', Model: 'Lead' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
  routes.set('/hive.png', { type: 'image/png', body: await solid(320, 200).png().toBuffer() });
  routes.set('/gps.jpg', { type: 'image/jpeg', body: withGps });
  routes.set('/wide.png', {
    type: 'image/png',
    body: await solid(3000, 1500).png({ compressionLevel: 9 }).toBuffer(),
  });
  routes.set('/logo.svg', {
    type: 'image/svg+xml',
    body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  routes.set('/svg-as-png.png', {
    type: 'image/png',
    body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>'),
  });
  routes.set('/page.jpg', {
    type: 'image/jpeg',
    body: Buffer.from('<!doctype html><title>Not an image</title>'),
  });
  routes.set('/huge.png', { type: 'image/png', body: Buffer.alloc(LEAD_IMAGE_LIMITS.maxBytes + 1024, 7) });
  routes.set('/hop.png', { redirect: '/hive.png' });

  server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404).end();
    } else if ('redirect' in route) {
      response.writeHead(302, { location: route.redirect.replace('PORT', String(port)) }).end();
    } else {
      response.writeHead(200, { 'content-type': route.type }).end(route.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  routes.set('/to-mapped-loopback.png', { redirect: 'http://[::ffff:127.0.0.1]:PORT/hive.png' });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught as Error,
  );
  if (!error) throw new Error('expected the image to be refused');
  return error;
}

describe('fetchLeadImage', () => {
  it('keeps a PNG as a WebP of the same size, through a redirect', async () => {
    const image = await fetchLeadImage(`${origin}/hop.png`, local);
    const metadata = await sharp(image).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 320, height: 200 });
  });

  it('strips EXIF (the GPS position included) from a JPEG', async () => {
    const original = routes.get('/gps.jpg') as { body: Buffer };
    expect(original.body.includes(Buffer.from('HearthCam'))).toBe(true);
    const image = await fetchLeadImage(`${origin}/gps.jpg`, local);
    const metadata = await sharp(image).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(image.includes(Buffer.from('HearthCam'))).toBe(false);
  });

  it('scales a wide image down to 1200 px', async () => {
    const metadata = await sharp(await fetchLeadImage(`${origin}/wide.png`, local)).metadata();
    expect(metadata).toMatchObject({ width: 1200, height: 600 });
  });

  it('refuses an SVG without reading it', async () => {
    const error = await refusal(fetchLeadImage(`${origin}/logo.svg`, local));
    expect(error).toBeInstanceOf(LeadImageRefused);
    expect((error as LeadImageRefused).problem).toBe('not_an_image');
    expect(hits.get('/logo.svg')).toBe(1);
  });

  it('refuses an SVG served as a PNG (the bytes decide, not the header)', async () => {
    const error = await refusal(fetchLeadImage(`${origin}/svg-as-png.png`, local));
    expect((error as LeadImageRefused).problem).toBe('not_an_image');
  });

  it('refuses an HTML page pretending to be a JPEG', async () => {
    const error = await refusal(fetchLeadImage(`${origin}/page.jpg`, local));
    expect((error as LeadImageRefused).problem).toBe('not_an_image');
  });

  it('refuses an image larger than 5 MB', async () => {
    const error = await refusal(fetchLeadImage(`${origin}/huge.png`, local));
    expect((error as LeadImageRefused).problem).toBe('too_large');
  });

  it('refuses loopback without the test switch, and a redirect to loopback in another spelling even with it', async () => {
    const direct = await refusal(fetchLeadImage(`${origin}/hive.png`));
    expect(direct).toBeInstanceOf(SafeFetchError);

    const before = hits.get('/hive.png') ?? 0;
    const redirected = await refusal(fetchLeadImage(`${origin}/to-mapped-loopback.png`, local));
    expect(redirected).toBeInstanceOf(SafeFetchError);
    expect((redirected as SafeFetchError).code).toBe('blocked_address');
    expect(hits.get('/to-mapped-loopback.png')).toBe(1);
    expect(hits.get('/hive.png') ?? 0).toBe(before);
  });
});
