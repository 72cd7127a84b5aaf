import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrame, findVideoTools, probeVideo, runBounded, VideoToolError } from './ffmpeg';

const installed = findVideoTools({});
const noPrlimit = { ffmpeg: '/bin/false', ffprobe: '/bin/false', prlimit: null };

describe('bounded runs', () => {
  it('kills a run that outlives its deadline', async () => {
    const started = Date.now();
    await expect(
      runBounded(noPrlimit, '/bin/sleep', ['5'], {
        timeoutMs: 200,
        addressSpaceBytes: 1e9,
        maxOutputBytes: 1000,
      }),
    ).rejects.toThrow(new VideoToolError('sleep: killed after 200 ms'));
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('kills a run whose output passes the cap', async () => {
    await expect(
      runBounded(noPrlimit, '/bin/cat', ['/dev/zero'], {
        timeoutMs: 5000,
        addressSpaceBytes: 1e9,
        maxOutputBytes: 10_000,
      }),
    ).rejects.toThrow('cat: output larger than 10000 bytes');
  });

  it('caps the address space with prlimit when there is one', async () => {
    const prlimit = findVideoTools({ ffmpegPath: '/bin/true', ffprobePath: '/bin/true' })?.prlimit;
    if (!prlimit) return expect(prlimit).toBeNull();
    const limits = await runBounded({ ...noPrlimit, prlimit }, '/bin/cat', ['/proc/self/limits'], {
      timeoutMs: 5000,
      addressSpaceBytes: 300 * 1024 * 1024,
      maxOutputBytes: 100_000,
    });
    expect(limits.toString()).toMatch(/Max address space\s+314572800\s+314572800/);
  });

  it('passes no environment but PATH to the tool', async () => {
    process.env.HEARTH_SECRET_PROBE = 'do-not-pass';
    try {
      const env = await runBounded(noPrlimit, '/usr/bin/env', []);
      expect(env.toString()).not.toContain('do-not-pass');
      expect(env.toString()).toContain('PATH=');
    } finally {
      delete process.env.HEARTH_SECRET_PROBE;
    }
  });
});

describe('finding the tools', () => {
  it('takes the configured paths, else PATH, else none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-tools-'));
    try {
      expect(findVideoTools({}, dir)).toBeNull();
      for (const name of ['ffmpeg', 'ffprobe'])
        fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
      expect(findVideoTools({}, dir)).toMatchObject({
        ffmpeg: path.join(dir, 'ffmpeg'),
        ffprobe: path.join(dir, 'ffprobe'),
      });
      expect(
        findVideoTools({ ffmpegPath: '/opt/ff/ffmpeg', ffprobePath: '/opt/ff/ffprobe' }, dir),
      ).toMatchObject({
        ffmpeg: '/opt/ff/ffmpeg',
        ffprobe: '/opt/ff/ffprobe',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!installed)('ffprobe and ffmpeg on a hostile input (needs Debian’s ffmpeg)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-ffmpeg-'));
    // A clip 2 s long, 160x90, made by ffmpeg itself.
    execFileSync(installed!.ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=160x90:rate=10',
      '-c:v',
      'libvpx',
      '-b:v',
      '100k',
      path.join(dir, 'clip.webm'),
    ]);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the length and size, and takes a PNG frame', async () => {
    const file = path.join(dir, 'clip.webm');
    expect(await probeVideo(installed!, file)).toEqual({ durationMs: 2000, width: 160, height: 90 });
    const frame = await extractFrame(installed!, file, 1);
    expect(frame.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses playlists that would reach the network or other files', async () => {
    const playlist = path.join(dir, 'list.m3u8');
    fs.writeFileSync(
      playlist,
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:9/x.ts\n#EXT-X-ENDLIST\n',
    );
    await expect(probeVideo(installed!, playlist)).rejects.toBeInstanceOf(VideoToolError);
    // A concat list naming a real clip: read if the concat demuxer were allowed.
    const concat = path.join(dir, 'list.txt');
    fs.writeFileSync(concat, "ffconcat version 1.0\nfile 'clip.webm'\n");
    await expect(probeVideo(installed!, concat)).rejects.toBeInstanceOf(VideoToolError);
  });

  it('fails cleanly on bytes that only look like a video', async () => {
    const fake = path.join(dir, 'fake.webm');
    fs.writeFileSync(fake, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 7)]));
    await expect(probeVideo(installed!, fake)).rejects.toBeInstanceOf(VideoToolError);
  });
});
