// A post of 20 photos (issue 28): the 20 uploads through the one upload path (POST
// /api/file_requests, PUT of the bytes, PATCH … uploaded, which checks and re-encodes each), four at
// a time as a browser sends them, then `POST /api/posts` with `file_request_ids` of all 20 until it
// answers 201. Goal: the post is created within the uploads' time plus 2 s. The worker reads each
// photo (OCR, for its description draft: ADR 051) while this runs, as it would for a member.
import sharp from 'sharp';
import {
  insertMember,
  signedInClient,
  startBenchHearth,
  writeResult,
  type ApiClient,
} from './support/hearth';

const PHOTOS = 20;
const PARALLEL = 4;
/** A phone photo's proportions at a size that re-encodes in earnest (about 2 MB of JPEG each). */
const WIDTH = 2400;
const HEIGHT = 1800;
const GOAL_EXTRA_MS = 2000;

/** A noisy photo-like JPEG with a line of words on it, different for each `n`. */
async function aPhoto(n: number): Promise<Buffer> {
  const words = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect x="80" y="80" width="1400" height="160" fill="#fff"/><text x="120" y="200" font-size="96" font-family="sans-serif" fill="#111">Sports day photo ${n}</text></svg>`;
  return sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 90 + n * 5, sigma: 40 },
    },
  })
    .composite([{ input: Buffer.from(words) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** One upload in the browser's three steps; the file's id once accepted. */
async function upload(client: ApiClient, base: string, name: string, bytes: Buffer): Promise<string> {
  const created = await client.request<{ id: string; url: string }>('POST', '/api/file_requests', {
    name,
    file_type: 'post_attachment',
  });
  if (created.status !== 201) throw new Error(`no upload URL for ${name}: ${created.status}`);
  const put = await fetch(new URL(created.body.url, base), {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'image/jpeg' },
  });
  if (!put.ok) throw new Error(`PUT of ${name} answered ${put.status}`);
  const done = await client.request('PATCH', `/api/file_requests/${created.body.id}`, {
    status: 'uploaded',
    file_size: bytes.length,
    content_type: 'image/jpeg',
  });
  if (done.status !== 200)
    throw new Error(`${name} was refused: ${done.status} ${JSON.stringify(done.body)}`);
  return created.body.id;
}

/** Runs `work` over `items`, `parallel` at a time, answering in the items' order. */
async function inParallel<T, R>(
  items: T[],
  parallel: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: parallel }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

export async function runPhotoPost() {
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, n) => aPhoto(n + 1)));
  const megabytes = photos.reduce((sum, photo) => sum + photo.length, 0) / 1024 / 1024;
  const bench = await startBenchHearth();
  try {
    const client = await signedInClient(bench, await insertMember(bench.db, 'photographer'));
    // Warm-up (not counted): the first upload loads sharp's and the routes' code.
    await upload(client, bench.base, 'warm-up.jpg', photos[0]!);

    const uploadStarted = performance.now();
    const ids = await inParallel(photos, PARALLEL, (bytes, index) =>
      upload(client, bench.base, `photo-${index + 1}.jpg`, bytes),
    );
    const uploadMs = performance.now() - uploadStarted;

    const postStarted = performance.now();
    let attempts = 0;
    let status = 0;
    while (status !== 201 && attempts < 5) {
      attempts++;
      const created = await client.request('POST', '/api/posts', {
        post: { tldr: 'Sports day, all twenty', content: '', file_request_ids: ids },
      });
      status = created.status;
      if (status !== 201)
        console.log(`  POST /api/posts answered ${status}: ${JSON.stringify(created.body)}`);
    }
    const postMs = performance.now() - postStarted;

    const result = {
      date: new Date().toISOString(),
      database: bench.hearth.context.database.kind,
      photos: PHOTOS,
      parallel_uploads: PARALLEL,
      photo_size: `${WIDTH}x${HEIGHT} JPEG`,
      upload_megabytes: Number(megabytes.toFixed(1)),
      uploads_ms: Math.round(uploadMs),
      post_ms: Math.round(postMs),
      post_attempts: attempts,
      post_status: status,
      goal: `post created within the uploads' time + ${GOAL_EXTRA_MS} ms`,
      met: status === 201 && postMs <= GOAL_EXTRA_MS,
    };
    console.log(
      `${PHOTOS} photos (${megabytes.toFixed(1)} MB, ${PARALLEL} at a time): uploads ${result.uploads_ms} ms; ` +
        `POST /api/posts ${result.post_ms} ms to ${status} (${attempts} attempt${attempts === 1 ? '' : 's'}); ` +
        `total ${result.uploads_ms + result.post_ms} ms against a goal of ${result.uploads_ms + GOAL_EXTRA_MS} ms: ` +
        (result.met ? 'met' : 'NOT met'),
    );
    console.log(`written to ${writeResult('photo-post', result)}`);
    return result;
  } finally {
    await bench.stop();
  }
}
