// Running the load generators (load.mjs: closed loop by autocannon; open-loop.mjs: a fixed arrival
// rate) in a second process, and the app's resident memory sampled while they run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile } from './latency.mjs';
import type { MixRequest } from './mix-plan';

/** A request as the generators take it: headers set, body as JSON text (`{n}` becomes a counter). */
export interface GeneratorRequest {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  records?: 'post' | 'comment' | 'link';
}

export interface KindStats {
  requests: number;
  byStatus: Record<string, number>;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  meanMs?: number | null;
  maxMs?: number;
}

export interface GeneratorResult {
  requests: number;
  rps: number;
  byStatus: Record<string, number>;
  s5xx: number;
  errors: number;
  /** open-loop.mjs: failed requests by error code. */
  errorCodes?: Record<string, number>;
  timeouts?: number;
  perSecond?: number[];
  maxSendLagMs?: number;
  byKind: Record<string, KindStats>;
  acknowledged?: { post: Array<string | null>; comment: Array<string | null>; link: Array<string | null> };
}

/**
 * What the web client sends: the XHR marker, its own origin, the member's cookie when signed in, and
 * the encodings Chromium takes (answers come compressed, as a browser gets them: ADR 065).
 */
export function asSent(base: string, cookie: string, request: MixRequest): GeneratorRequest {
  const signedIn = request.signedIn !== false;
  return {
    kind: request.kind,
    method: request.method,
    path: request.path,
    headers: {
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br, zstd',
      'x-requested-with': 'XMLHttpRequest',
      origin: base,
      ...(signedIn ? { cookie } : {}),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  };
}

/**
 * Runs `bench/support/<script>` on `job` (passed as a file: a request list per member is longer
 * than one argument may be) and returns its JSON answer.
 */
export function runGenerator(script: 'load.mjs' | 'open-loop.mjs', job: object): Promise<GeneratorResult> {
  const file = path.join(os.tmpdir(), `hearth-load-job-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, script), `@${file}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.rmSync(file, { force: true });
      if (code !== 0) reject(new Error(`${script} exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as GeneratorResult);
    });
  });
}

/** RSS in MB of a process and its children (the PGlite worker is a thread, counted already). */
export function rssMb(pid: number): number {
  const pids = [pid];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (pids.includes(ppid)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  let kb = 0;
  for (const p of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      kb += Number(match?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kb / 1024;
}

/** CPU time (user + system, ms) a process has used so far; 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat(5) (utime, stime), counted here from field 3: indexes 11 and 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every platform Node runs on. */
const CLOCK_TICKS = 100;

/** The processes named `postgres` (a PostgreSQL server's postmaster and backends) on this machine. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/**
 * CPU time spent between now and `stop()`: Hearth's process (its threads, PGlite's among them) and,
 * with `postgres`, every PostgreSQL process on the machine (the bench's database is the only busy
 * one). A measure of work that other load on the machine moves far less than req/s.
 */
export function sampleCpu(
  pid: number,
  postgres: boolean,
): { stop(): { appMs: number; databaseMs: number | null } } {
  const database = () => new Map(postgres ? postgresPids().map((p) => [p, cpuMsOf(p)]) : []);
  const appStart = cpuMsOf(pid);
  const databaseStart = database();
  return {
    stop: () => ({
      appMs: cpuMsOf(pid) - appStart,
      // Per process, from its time at the start (0 when it started since); one that ended meanwhile
      // took its time with it, so this is a floor.
      databaseMs: postgres
        ? [...database()].reduce((sum, [p, ms]) => sum + ms - (databaseStart.get(p) ?? 0), 0)
        : null,
    }),
  };
}

/** Samples `pid`'s RSS every second until stopped; answers the median and the largest sample. */
export function sampleRss(pid: number): { stop(): { p50Mb: number; maxMb: number; samples: number } } {
  const samples = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), 1000);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssMb(pid));
      const sorted = [...samples].sort((a, b) => a - b);
      return {
        p50Mb: Math.round(percentile(sorted, 50)!),
        maxMb: Math.round(sorted.at(-1)!),
        samples: samples.length,
      };
    },
  };
}
