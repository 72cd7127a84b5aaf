import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { fetchBytes, jpeg, uploadAccepted } from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs, memberOfAnotherGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp, waitForJobsDone } from '../../../tests/support/test-app';
import { NO_FFMPEG, testFfmpeg, webmClip } from '../../../tests/support/video-factories';
import { FILES_VIDEO_JOB, readVideo } from './files.video';

/**
 * Videos that play (issue 28 part 4): after a video upload the worker reads its length and size
 * with ffprobe and takes a poster frame with ffmpeg; posts carry them. Skipped, saying why, only
 * where ffmpeg is not installed (CI installs it).
 */
describe.skipIf(!testFfmpeg)(`video poster and duration (${testFfmpeg ? 'ffmpeg found' : NO_FFMPEG})`, () => {
  let app: TestApp;
  let dataDir: string;
  const logs: string[] = [];
  let clip: Buffer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-video-'));
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    app = await createTestApp({ config: { dataDir }, logTo: { stream, level: 'info' } });
    clip = webmClip({ seconds: 2, width: 160, height: 120 });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the length and size, keeps a WebP poster, and the post carries them', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const member = await memberWithClient(app);
    await addToGroup(app, group.id, member.member.id, 'Commentor');
    const video = await uploadAccepted(app, owner.client, { name: 'Match day.webm', bytes: clip });
    expect(video).toMatchObject({ content_type: 'video/webm', has_image: false });
    await waitForJobsDone(app, FILES_VIDEO_JOB, { timeoutMs: 30_000 });

    const created = await owner.client.post('/api/posts', {
      post: { tldr: 'The match', content: '', file_request_id: video.id, group_id: group.id },
    });
    expect(created.status).toBe(201);
    const post = await member.client.get(`/api/posts/${created.body.id}`);
    expect(post.body).toMatchObject({
      file_url: `/api/files/${video.id}`,
      file_name: 'Match day.webm',
      has_image: false,
      has_video: true,
      thumbnail_url: null,
      file_duration_ms: expect.any(Number),
      file_width: 160,
      file_height: 120,
      file_poster_url: `/api/files/${video.id}?variant=poster`,
    });

    // Two seconds of pictures; the Opus track may run a few milliseconds longer.
    expect(Math.abs(post.body.file_duration_ms - 2000)).toBeLessThan(50);

    const poster = await fetchBytes(member.client, post.body.file_poster_url);
    expect(poster.response.status).toBe(200);
    expect(poster.response.headers.get('content-type')).toBe('image/webp');
    expect(poster.response.headers.get('content-disposition')).toMatch(/^inline; filename="Match day.webp"/);
    expect(poster.response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const meta = await sharp(poster.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 160, height: 120 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();

    // The video itself: a download by address, played by <video> through ranges.
    const ranged = await fetch(app.url + video.url, {
      headers: { cookie: `hearth_session=${member.client.cookie('hearth_session')}`, range: 'bytes=0-' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/webm');
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-${clip.length - 1}/${clip.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(clip)).toBe(true);

    const outsider = await memberOfAnotherGroup(app);
    expect((await fetchBytes(outsider.client, post.body.file_poster_url)).response.status).toBe(404);
    expect((await fetchBytes(app.client(), post.body.file_poster_url)).response.status).toBe(404);
  });

  it("a video among a post's several files carries its poster, length and size in `files` (ADR 050)", async () => {
    const { client } = await memberWithClient(app);
    const group = await createGroupAs(client);
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#4a8' } })
      .png()
      .toBuffer();
    const photo = await uploadAccepted(app, client, { name: 'team.png', bytes: png });
    const video = await uploadAccepted(app, client, { name: 'Goal.webm', bytes: clip });
    await waitForJobsDone(app, FILES_VIDEO_JOB, { timeoutMs: 30_000 });
    const created = await client.post('/api/posts', {
      post: {
        tldr: 'Photo and goal',
        content: '',
        file_request_ids: [photo.id, video.id],
        group_id: group.id,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const post = await client.get(`/api/posts/${created.body.id}`);
    const [first, second] = post.body.files;
    expect(first).toMatchObject({ id: photo.id, duration_ms: null, poster_url: null, width: 80, height: 60 });
    expect(second).toMatchObject({
      id: video.id,
      content_type: 'video/webm',
      thumbnail_url: null,
      width: 160,
      height: 120,
      poster_url: `/api/files/${video.id}?variant=poster`,
    });
    expect(Math.abs(second.duration_ms - 2000)).toBeLessThan(50);
    expect((await fetchBytes(client, second.poster_url)).response.headers.get('content-type')).toBe(
      'image/webp',
    );
    const outsider = await memberOfAnotherGroup(app);
    expect((await fetchBytes(outsider.client, second.poster_url)).response.status).toBe(404);
  });

  it('lists videos in the group album beside photos, with poster and length, as only the post is seen (ADR 050)', async () => {
    const owner = await memberWithClient(app);
    const member = await memberWithClient(app);
    const outsider = await memberOfAnotherGroup(app);
    const group = await createGroupAs(owner.client);
    await addToGroup(app, group.id, member.member.id, 'Poster');
    const photo = await uploadAccepted(app, owner.client, { name: 'team.jpg', bytes: await jpeg(80, 60) });
    const goal = await uploadAccepted(app, owner.client, { name: 'Goal.webm', bytes: clip });
    const replay = await uploadAccepted(app, member.client, { name: 'Replay.webm', bytes: clip });
    const elsewhere = await uploadAccepted(app, outsider.client, { name: 'Other.webm', bytes: clip });
    await waitForJobsDone(app, FILES_VIDEO_JOB, { timeoutMs: 30_000 });
    const both = await owner.client.post('/api/posts', {
      post: { tldr: 'Photo and goal', group_id: group.id, file_request_ids: [photo.id, goal.id] },
    });
    const videoOnly = await member.client.post('/api/posts', {
      post: { tldr: 'The replay', group_id: group.id, file_request_ids: [replay.id] },
    });
    // A video in a post of a group the album's members are not in.
    const hidden = await outsider.client.post('/api/posts', {
      post: { tldr: 'Not theirs', group_id: outsider.otherGroupId, file_request_ids: [elsewhere.id] },
    });
    expect([both.status, videoOnly.status, hidden.status]).toEqual([201, 201, 201]);

    const url = `/api/groups/${group.id}/photos`;
    const album = await owner.client.get(url);
    expect(album.status).toBe(200);
    expect(
      album.body.map((p: { id: string; post_id: string; index: number }) => [p.id, p.post_id, p.index]),
    ).toEqual([
      [replay.id, videoOnly.body.id, 0],
      [photo.id, both.body.id, 0],
      [goal.id, both.body.id, 1],
    ]);
    expect(album.body[2]).toMatchObject({
      content_type: 'video/webm',
      url: `/api/files/${goal.id}`,
      thumbnail_url: null,
      poster_url: `/api/files/${goal.id}?variant=poster`,
      width: 160,
      height: 120,
      sizes: [],
    });
    expect(Math.abs(album.body[2].duration_ms - 2000)).toBeLessThan(50);
    expect((await fetchBytes(member.client, album.body[2].poster_url)).response.status).toBe(200);

    // An outsider sees neither the album nor its videos; their own group's video is in no other album.
    expect((await outsider.client.get(url)).status).toBe(404);
    expect((await fetchBytes(outsider.client, album.body[0].poster_url)).response.status).toBe(404);
    expect((await fetchBytes(outsider.client, album.body[0].url)).response.status).toBe(404);
    expect(
      (await outsider.client.get(`/api/groups/${outsider.otherGroupId}/photos`)).body.map(
        (p: { id: string }) => p.id,
      ),
    ).toEqual([elsewhere.id]);

    // A member the author blocks sees none of the author's photos or videos, only their own.
    expect((await owner.client.post('/api/blocks', { user_id: member.member.id })).status).toBe(201);
    expect((await member.client.get(url)).body.map((p: { id: string }) => p.id)).toEqual([replay.id]);
    expect((await fetchBytes(member.client, `/api/files/${goal.id}?variant=poster`)).response.status).toBe(
      404,
    );
    expect((await owner.client.get(url)).body.map((p: { id: string }) => p.id)).toEqual([photo.id, goal.id]);
  });

  it('keeps no poster and no duration for a video ffmpeg cannot read; it is still served', async () => {
    const { client } = await memberWithClient(app);
    // A real WebM's first 400 bytes: its header says WebM, no frame follows.
    const broken = await uploadAccepted(app, client, { name: 'cut.webm', bytes: clip.subarray(0, 400) });
    expect(broken.content_type).toBe('video/webm');
    await waitForJobsDone(app, FILES_VIDEO_JOB, { timeoutMs: 30_000 });
    const created = await client.post('/api/posts', {
      post: { tldr: 'Cut short', content: '', file_request_id: broken.id },
    });
    const post = await client.get(`/api/posts/${created.body.id}`);
    expect(post.body).toMatchObject({
      has_video: true,
      file_duration_ms: null,
      file_poster_url: null,
      file_width: null,
      file_height: null,
    });
    expect((await fetchBytes(client, `${broken.url}?variant=poster`)).response.status).toBe(404);
    expect((await fetchBytes(client, broken.url)).response.status).toBe(200);
    expect(logs.join('')).toContain('ffprobe could not read a video');
  });

  it('without ffmpeg: says so in the log, and the video plays with no poster or duration', async () => {
    const { client } = await memberWithClient(app);
    const video = await uploadAccepted(app, client, { name: 'clip.webm', bytes: clip });
    await waitForJobsDone(app, FILES_VIDEO_JOB, { timeoutMs: 30_000 });
    // As if the worker had had no ffmpeg: nothing read yet.
    await app.context.db
      .update(files)
      .set({ durationMs: null, posterKey: null, width: null, height: null })
      .where(eq(files.id, video.id));
    expect(await readVideo(app.context, video.id, null)).toBe('no ffmpeg');
    expect(logs.join('')).toContain('no ffmpeg/ffprobe found');
    const [row] = await app.context.db.select().from(files).where(eq(files.id, video.id));
    expect(row).toMatchObject({ durationMs: null, posterKey: null });
    expect((await fetchBytes(client, video.url)).response.status).toBe(200);

    // With ffmpeg again, the same job reads it; a second run leaves it alone.
    expect(await readVideo(app.context, video.id)).toBe('read');
    expect(await readVideo(app.context, video.id)).toBe('already read');
  });

  it('does not read files that are not videos', async () => {
    const { client } = await memberWithClient(app);
    const text = await uploadAccepted(app, client, { name: 'a.txt', bytes: Buffer.from('plain words') });
    expect(await readVideo(app.context, text.id)).toBe('not a video');
  });
});
