import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findVideoTools } from '../../server/adapters/video/ffmpeg';

/** The ffmpeg the tests make clips with (Debian's package; `.ci/run` installs it), or null. */
export const testFfmpeg = findVideoTools({})?.ffmpeg ?? null;

/** Why video tests are skipped on a machine without ffmpeg. */
export const NO_FFMPEG = 'needs ffmpeg and ffprobe on PATH (apt-get install ffmpeg; .ci/run installs it)';

/**
 * A small WebM clip (VP8, which Debian's Chromium plays, with an Opus tone) made by ffmpeg itself:
 * a moving test pattern `seconds` long at `width`x`height`.
 */
export function webmClip({ seconds = 2, width = 160, height = 120 } = {}): Buffer {
  if (!testFfmpeg) throw new Error(NO_FFMPEG);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-clip-'));
  try {
    const out = path.join(dir, 'clip.webm');
    execFileSync(testFfmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${width}x${height}:rate=10`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libvpx',
      '-b:v',
      '150k',
      '-c:a',
      'libopus',
      '-shortest',
      out,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
