import { spawn } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { isExecutable } from '../../lib/executable';

/**
 * Debian's ffmpeg and ffprobe, run on a member's video to learn its length and size and take one
 * frame for a poster. The video is hostile until proven otherwise, so every run is bounded and
 * shut in (ADR 049):
 * - only local files and pipes (`-protocol_whitelist file,pipe`: no http, no tcp, no concat of
 *   other files) and only the container demuxers Hearth accepts (`-format_whitelist`: no HLS or
 *   playlist that would name other files);
 * - one thread, a cap on what is probed, a cap on any one allocation (`-max_alloc`), and the
 *   process's address space capped with `prlimit --as` where util-linux has it;
 * - a wall-clock deadline after which the process is killed (SIGKILL), and a cap on its output.
 * Nothing is downloaded at run time: the binaries come from the `ffmpeg` Debian package (or
 * FFMPEG_PATH/FFPROBE_PATH). Without them videos still play, without poster or duration.
 */

export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
  /** util-linux's prlimit, which caps the address space; null where it is missing. */
  prlimit: string | null;
}

export const VIDEO_LIMITS = {
  /** A run still going after this long is killed. */
  timeoutMs: 20_000,
  /** The address space a run may map (ffmpeg's shared libraries take ~400 MB of it). */
  addressSpaceBytes: 1024 * 1024 * 1024,
  /** No single allocation larger than this (ffmpeg's own guard against absurd sizes). */
  maxAllocBytes: 256 * 1024 * 1024,
  /** Bytes and microseconds of input read to find the streams. */
  probeBytes: 10_000_000,
  analyzeMicroseconds: 10_000_000,
  /** Largest frame (PNG) or probe answer accepted on stdout. */
  maxOutputBytes: 64 * 1024 * 1024,
};

/** Demuxers of the containers Hearth accepts (MP4/MOV, WebM/Matroska, Ogg). */
const FORMAT_WHITELIST = 'mov,matroska,ogg';

/** Options every run opens with, before its input. */
function guardOptions(): string[] {
  return [
    '-v',
    'error',
    '-threads',
    '1',
    '-max_alloc',
    String(VIDEO_LIMITS.maxAllocBytes),
    '-protocol_whitelist',
    'file,pipe',
    '-format_whitelist',
    FORMAT_WHITELIST,
    '-probesize',
    String(VIDEO_LIMITS.probeBytes),
    '-analyzeduration',
    String(VIDEO_LIMITS.analyzeMicroseconds),
  ];
}

function onPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * The binaries to use: those configured (FFMPEG_PATH and FFPROBE_PATH, checked at start-up by
 * loadConfig), else `ffmpeg` and `ffprobe` on PATH; null when either is missing.
 */
export function findVideoTools(
  configured: { ffmpegPath?: string | undefined; ffprobePath?: string | undefined },
  searchPath: string = process.env.PATH ?? '',
): VideoTools | null {
  const ffmpeg = configured.ffmpegPath ?? onPath('ffmpeg', searchPath);
  const ffprobe = configured.ffprobePath ?? onPath('ffprobe', searchPath);
  if (!ffmpeg || !ffprobe) return null;
  return { ffmpeg, ffprobe, prlimit: onPath('prlimit', `${searchPath}${path.delimiter}/usr/bin`) };
}

export class VideoToolError extends Error {}

/** Runs one bounded process and returns its stdout. */
export function runBounded(
  tools: VideoTools,
  binary: string,
  args: string[],
  limits: Pick<typeof VIDEO_LIMITS, 'timeoutMs' | 'addressSpaceBytes' | 'maxOutputBytes'> = VIDEO_LIMITS,
): Promise<Buffer> {
  // prlimit sets the limit on itself and then executes the binary: the same process, so the
  // deadline's kill reaches ffmpeg itself.
  const [command, argv] = tools.prlimit
    ? [tools.prlimit, [`--as=${limits.addressSpaceBytes}`, '--', binary, ...args]]
    : [binary, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: limits.timeoutMs,
      killSignal: 'SIGKILL',
      // No inherited secrets: the environment holds database URLs and keys.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let overflow = false;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxOutputBytes) {
        overflow = true;
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => reject(new VideoToolError(`${path.basename(binary)}: ${error.message}`)));
    child.on('close', (code, signal) => {
      const name = path.basename(binary);
      if (overflow)
        return reject(new VideoToolError(`${name}: output larger than ${limits.maxOutputBytes} bytes`));
      if (signal === 'SIGKILL')
        return reject(new VideoToolError(`${name}: killed after ${limits.timeoutMs} ms`));
      if (code !== 0) {
        return reject(new VideoToolError(`${name} exited ${code ?? signal}: ${stderr.trim().slice(0, 500)}`));
      }
      resolve(Buffer.concat(chunks));
    });
  });
}

const ProbeSchema = z.object({
  streams: z
    .array(
      z.object({
        width: z.number().int().positive().optional(),
        height: z.number().int().positive().optional(),
        duration: z.string().optional(),
        side_data_list: z.array(z.object({ rotation: z.number().optional() }).loose()).optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).loose().optional(),
});

export interface VideoProbe {
  /** Null when the container does not say. */
  durationMs: number | null;
  /** As shown: a phone video recorded upright (rotated 90°) has its sides swapped. */
  width: number | null;
  height: number | null;
}

/** The first video stream's displayed size and the video's length, or null when there is no video stream. */
export async function probeVideo(tools: VideoTools, file: string): Promise<VideoProbe | null> {
  const output = await runBounded(tools, tools.ffprobe, [
    ...guardOptions(),
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,duration:stream_side_data=rotation:format=duration',
    '-of',
    'json',
    `file:${file}`,
  ]);
  let parsed: z.infer<typeof ProbeSchema>;
  try {
    parsed = ProbeSchema.parse(JSON.parse(output.toString('utf8')));
  } catch {
    throw new VideoToolError('ffprobe: unreadable answer');
  }
  const stream = parsed.streams[0];
  if (!stream) return null;
  const seconds = Number(parsed.format?.duration ?? stream.duration);
  const rotation = stream.side_data_list?.find((entry) => entry.rotation !== undefined)?.rotation ?? 0;
  const sideways = Math.abs(rotation) % 180 === 90;
  const width = stream.width ?? null;
  const height = stream.height ?? null;
  return {
    durationMs: Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null,
    width: sideways ? height : width,
    height: sideways ? width : height,
  };
}

/** One frame at `atSeconds` (upright, as players show it) as PNG bytes. */
export function extractFrame(tools: VideoTools, file: string, atSeconds: number): Promise<Buffer> {
  return runBounded(tools, tools.ffmpeg, [
    '-nostdin',
    ...guardOptions(),
    '-ss',
    atSeconds.toFixed(3),
    '-i',
    `file:${file}`,
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-an',
    '-sn',
    '-dn',
    '-threads',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    'pipe:1',
  ]);
}
