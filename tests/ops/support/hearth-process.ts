import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Real Hearth processes for the ops suite: `node dist/server/main.js` (built by `npm run build`)
 * with the environment a test gives, on a port of its own. Every helper waits on something that
 * must happen (the health answer, the exit), never on a fixed sleep.
 */
export const MAIN_JS = path.resolve('dist/server/main.js');

/** Why the ops suite cannot start Hearth here, or null when it can. */
export function hearthUnavailable(): string | null {
  return fs.existsSync(MAIN_JS) ? null : `${MAIN_JS} is missing: run npm run build first`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface HearthProcessOptions {
  databaseUrl: string;
  /** `web`, `worker` or both (the default, as `node dist/server/main.js` with no argument runs). */
  services?: Array<'web' | 'worker'>;
  /** Extra environment (LOG_LEVEL, RATE_LIMITS, STORAGE, …); wins over the defaults here. */
  env?: Record<string, string>;
  /** Shared by processes that should share one (default: a fresh temporary folder). */
  dataDir?: string;
  /**
   * `collect` (default): stdout and stderr are read and kept for `output()`. Or an `UnreadPipe`:
   * both go into a pipe nobody reads, as a stalled log collector would leave them.
   */
  stdio?: 'collect' | UnreadPipe;
}

export interface HearthProcess {
  child: ChildProcess;
  pid: number;
  /** `http://127.0.0.1:<port>` (the web service's port; a worker-only process listens on none). */
  url: string;
  port: number;
  dataDir: string;
  /** Everything written to stdout and stderr so far (empty when `stdio: 'unread'`). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** Sends a signal (default SIGTERM) and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

const running = new Set<ChildProcess>();

/**
 * A real pipe (a FIFO, 64 KB of kernel buffer on Linux) that a process writes into and nobody
 * reads, opened blocking on the writer's side as a supervisor's or container runtime's pipe is.
 * `isFull()` is the positive control: a non-blocking write of one byte is refused.
 */
export interface UnreadPipe {
  writeFd: number;
  isFull(): boolean;
  close(): void;
}

export function openUnreadPipe(): UnreadPipe {
  const fifo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-ops-pipe-')), 'log');
  execFileSync('mkfifo', [fifo]);
  // The reading end first (non-blocking, so opening it does not wait for a writer); kept open, never read.
  const readFd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const writeFd = fs.openSync(fifo, fs.constants.O_WRONLY);
  const probeFd = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  return {
    writeFd,
    isFull() {
      try {
        fs.writeSync(probeFd, '\n');
        return false;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return true;
        throw error;
      }
    },
    close() {
      for (const fd of [readFd, writeFd, probeFd]) fs.closeSync(fd);
      fs.rmSync(path.dirname(fifo), { recursive: true, force: true });
    },
  };
}

/** Kills every process still running (an afterAll/afterEach safety net for failed tests). */
export function killAllHearths(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export async function spawnHearth(options: HearthProcessOptions): Promise<HearthProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-ops-data-'));
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: url,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_FORMAT: 'json',
    RATE_LIMITS: 'off',
    // Off unless a test gives a free port: ops processes run side by side and 2525 is one port.
    INBOUND_SMTP_PORT: 'off',
    ...options.env,
  };
  const unread = options.stdio && options.stdio !== 'collect' ? options.stdio : null;
  const services = options.services ? [`--services=${options.services.join(',')}`] : [];
  const child = spawn(process.execPath, [MAIN_JS, ...services], {
    env,
    stdio: unread ? ['ignore', unread.writeFd, unread.writeFd] : ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  if (!unread) {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  return {
    child,
    pid: child.pid!,
    url,
    port,
    dataDir,
    output: () => output,
    exited,
    stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}

/**
 * Resolves once `GET /api/health` (or `path`, e.g. readiness) answers 200; fails if the process
 * exits first or after `timeoutMs`.
 */
export async function waitForHealth(
  hearth: HearthProcess,
  timeoutMs = 30_000,
  path = '/api/health',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: number | string | undefined;
  void hearth.exited.then((code) => (exitedWith = code));
  for (;;) {
    if (exitedWith !== undefined) {
      throw new Error(`Hearth exited (${exitedWith}) before it was healthy:\n${hearth.output()}`);
    }
    try {
      const response = await fetch(`${hearth.url}${path}`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`Hearth was not healthy within ${timeoutMs} ms:\n${hearth.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts Hearth and waits until it answers its health check. */
export async function startHearthProcess(options: HearthProcessOptions): Promise<HearthProcess> {
  const hearth = await spawnHearth(options);
  try {
    await waitForHealth(hearth);
  } catch (error) {
    hearth.child.kill('SIGKILL');
    throw error;
  }
  return hearth;
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SlowRequest {
  /** Sends the rest of the body; the answer follows on `answer`. */
  finish(): void;
  answer: Promise<HttpAnswer>;
}

/**
 * A request on a connection of its own whose body is only half sent: it stays in flight (the
 * server has its headers and waits for the rest) until `finish()`.
 */
export function startSlowRequest(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body: string },
): SlowRequest {
  const body = Buffer.from(options.body);
  const half = Math.floor(body.length / 2);
  const request = http.request(`${url}${options.path}`, {
    method: options.method ?? 'POST',
    agent: false,
    headers: { 'content-length': String(body.length), ...options.headers },
  });
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text }),
      );
      response.once('error', reject);
    });
  });
  request.flushHeaders();
  request.write(body.subarray(0, half));
  return { finish: () => request.end(body.subarray(half)), answer };
}

/** Resolves once a new TCP connection to the port is refused (the server stopped listening). */
export async function waitUntilRefused(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return;
    if (Date.now() > deadline)
      throw new Error(`port ${port} still accepted connections after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once `predicate(output())` holds (a log line appeared); fails after `timeoutMs`. */
export async function waitForOutput(
  hearth: HearthProcess,
  predicate: (output: string) => boolean,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate(hearth.output())) {
    if (Date.now() > deadline) throw new Error(`the expected output did not appear:\n${hearth.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
