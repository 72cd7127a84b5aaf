import sharp from 'sharp';
import type { FileType } from '../../shared/domain/constants';
import type { TestApp } from './test-app';
import type { TestClient, TestResponse } from './test-client';

/**
 * Uploads as the browser does (spec section 4 "File attach"): ask for an upload location, PUT the
 * bytes there with plain fetch (no cookie, no XHR marker), then mark the request uploaded.
 */

export interface UploadInput {
  name?: string;
  file_type?: FileType;
  bytes: Uint8Array;
  /** What the browser claims; the server must not trust it. */
  contentType?: string;
}

export interface Upload {
  id: string;
  created: TestResponse;
  put: Response;
  completed: TestResponse;
}

/** PUTs bytes to an upload URL as returned (relative for the local store, absolute for S3). */
export function putBytes(app: TestApp, url: string, bytes: Uint8Array, headers: Record<string, string> = {}) {
  // A Buffer's backing store may be shared; fetch takes it all the same.
  return fetch(new URL(url, app.url), { method: 'PUT', body: bytes as BodyInit, headers });
}

export async function requestUpload(client: TestClient, input: Pick<UploadInput, 'name' | 'file_type'> = {}) {
  const created = await client.post('/api/file_requests', {
    name: input.name ?? 'photo.jpg',
    file_type: input.file_type ?? 'post_attachment',
  });
  if (created.status !== 201)
    throw new Error(`no upload URL: ${created.status} ${JSON.stringify(created.body)}`);
  return created;
}

/** The whole flow; `completed` is whatever PATCH answered (200, or 422 for refused bytes). */
export async function uploadFile(app: TestApp, client: TestClient, input: UploadInput): Promise<Upload> {
  const created = await requestUpload(client, input);
  const contentType = input.contentType ?? 'application/octet-stream';
  const put = await putBytes(app, created.body.url, input.bytes, { 'content-type': contentType });
  if (put.status !== 200) throw new Error(`PUT refused: ${put.status} ${await put.text()}`);
  const completed = await client.patch(`/api/file_requests/${created.body.id}`, {
    status: 'uploaded',
    file_size: input.bytes.length,
    content_type: contentType,
    last_modified: 1_700_000_000_000,
  });
  return { id: created.body.id, created, put, completed };
}

/** Uploads and expects the file to be accepted; returns the finished file. */
export async function uploadAccepted(app: TestApp, client: TestClient, input: UploadInput) {
  const upload = await uploadFile(app, client, input);
  if (upload.completed.status !== 200) {
    throw new Error(`upload refused: ${upload.completed.status} ${JSON.stringify(upload.completed.body)}`);
  }
  return upload.completed.body as { id: string; url: string; thumbnail_url: string | null } & Record<
    string,
    any
  >;
}

/** A small JPEG of one colour. */
export function jpeg(width = 64, height = 48, background = '#c33') {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** A small PNG of one colour. */
export function png(width = 64, height = 48, background = '#3c3') {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Reads a served file's bytes (following nothing: the local store streams them). */
export async function fetchBytes(client: TestClient, path: string) {
  const response = await fetch(client.baseUrl + path, {
    headers: client.cookie('hearth_session')
      ? { cookie: `hearth_session=${client.cookie('hearth_session')}` }
      : {},
    redirect: 'manual',
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A PNG photo of dark words on a light ground (one line each), for OCR to read. */
export function textPhoto(lines: string[], { width = 800, background = '#fdfbf4' } = {}) {
  const height = 60 + lines.length * 70;
  const text = lines
    .map(
      (line, i) =>
        `<text x="24" y="${80 + i * 70}" font-size="48" font-family="sans-serif" fill="#111">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${background}"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
