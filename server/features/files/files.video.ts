import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import {
  extractFrame,
  findVideoTools,
  probeVideo,
  type VideoProbe,
  VideoToolError,
  type VideoTools,
} from '../../adapters/video/ffmpeg';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { defineJob } from '../../jobs/queue';
import { ImageRejectedError, processImage } from './files.images';
import { storageKeys } from './files.keys';
import { findFileById, setVideoFacts } from './files.repo';

export const FILES_VIDEO_JOB = 'files.video';

const VideoJobPayloadSchema = z.object({ fileId: z.uuid() });

type VideoDeps = Pick<AppContext, 'db' | 'storage' | 'config' | 'logger'>;

/** Largest side believed from a container: past it the size is a lie (or a flood) and left unknown. */
const MAX_SIDE = 16_384;
/** Where the poster is taken: a second in (past a fade from black), or mid-way through a shorter clip. */
const POSTER_AT_SECONDS = 1;

/**
 * After a video upload is checked, the worker learns its length and picture size with ffprobe and
 * takes one frame with ffmpeg, re-encoded like every photo (files.images.ts: WebP, no metadata) as
 * its poster. Idempotent: a video already read is left alone. A video ffmpeg cannot read (or that
 * hits a bound: time, memory, output) keeps what could be learnt and is not retried; a missing
 * ffmpeg is logged and the video plays without poster or duration. Only a storage or database
 * failure is retried.
 */
export function filesVideoJob(deps: VideoDeps) {
  return defineJob({
    name: FILES_VIDEO_JOB,
    schema: VideoJobPayloadSchema,
    retryLimit: 3,
    retryDelaySeconds: 30,
    policy: 'exclusive',
    // Two bounded runs of at most 20 s each, plus copying the file out of the store.
    expireInSeconds: 5 * 60,
    heartbeatSeconds: 30,
    // One video at a time per process: ffmpeg is given one thread of the two cores.
    batchSize: 1,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle({ fileId }) {
      await readVideo(deps, fileId);
    },
  });
}

/** Queues the reading of a checked video; pass the transaction that marked it uploaded. */
export async function enqueueVideoReading(
  deps: VideoDeps & Pick<AppContext, 'jobs'>,
  fileId: string,
  tx: DbOrTx,
) {
  await deps.jobs.enqueue(filesVideoJob(deps), { fileId }, { tx, key: fileId });
}

export type VideoReading = 'read' | 'not a video' | 'already read' | 'no ffmpeg' | 'unreadable';

/** Reads one video (see filesVideoJob). `tools` defaults to the configured or installed ffmpeg. */
export async function readVideo(
  deps: VideoDeps,
  fileId: string,
  tools: VideoTools | null = findVideoTools(deps.config.video),
): Promise<VideoReading> {
  const row = await findFileById(deps.db, fileId);
  if (!row || row.status !== 'uploaded' || !row.contentType?.startsWith('video/')) return 'not a video';
  if (row.posterKey !== null || row.durationMs !== null) return 'already read';
  if (!tools) {
    deps.logger.info(
      { fileId },
      'no ffmpeg/ffprobe found (install Debian’s ffmpeg or set FFMPEG_PATH): the video plays with no poster and no duration',
    );
    return 'no ffmpeg';
  }

  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'hearth-video-'));
  try {
    const input = path.join(folder, 'video');
    const opened = await deps.storage.openRead(row.storageKey);
    if (!opened) return 'not a video';
    await pipeline(opened.stream, fs.createWriteStream(input, { mode: 0o600 }));

    let probe: VideoProbe | null;
    try {
      probe = await probeVideo(tools, input);
    } catch (error) {
      if (!(error instanceof VideoToolError)) throw error;
      deps.logger.warn({ fileId, reason: error.message }, 'ffprobe could not read a video; it has no poster');
      return 'unreadable';
    }
    if (!probe) {
      deps.logger.warn({ fileId }, 'an uploaded video has no video stream; it has no poster');
      return 'unreadable';
    }
    const poster = await takePoster(deps, fileId, tools, input, probe);
    const sane = (side: number | null) => (side !== null && side <= MAX_SIDE ? side : null);
    const width = sane(probe.width);
    const height = sane(probe.height);
    await setVideoFacts(deps.db, fileId, {
      durationMs: probe.durationMs !== null && probe.durationMs <= 2 ** 31 - 1 ? probe.durationMs : null,
      width: width && height ? width : null,
      height: width && height ? height : null,
      posterKey: poster,
    });
    return 'read';
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** The poster's storage key once written, or null when no frame could be taken. */
async function takePoster(
  deps: VideoDeps,
  fileId: string,
  tools: VideoTools,
  input: string,
  probe: VideoProbe,
): Promise<string | null> {
  const seconds = probe.durationMs === null ? 0 : Math.min(POSTER_AT_SECONDS, probe.durationMs / 2000);
  let frame: Buffer | null = null;
  for (const at of seconds > 0 ? [seconds, 0] : [0]) {
    try {
      frame = await extractFrame(tools, input, at);
      if (frame.length > 0) break;
    } catch (error) {
      if (!(error instanceof VideoToolError)) throw error;
      deps.logger.warn({ fileId, at, reason: error.message }, 'ffmpeg could not take a frame of a video');
    }
  }
  if (!frame || frame.length === 0) return null;
  try {
    const processed = await processImage(frame, 'png', 'post_attachment');
    const key = storageKeys(fileId).poster;
    // Card-sized is enough for a poster: the player shows it until the video starts.
    await deps.storage.write(key, processed.thumbnail ?? processed.image, processed.contentType);
    return key;
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    deps.logger.warn({ fileId, reason: error.reason }, 'a video frame could not be re-encoded; no poster');
    return null;
  }
}
