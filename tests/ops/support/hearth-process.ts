import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
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
    ...options.env,
  };
  const unread = options.stdio && options.stdio !== 'collect' ? options.stdio : null;
  const child = spawn(process.execPath, [MAIN_JS, ...(options.services ?? [])], {
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

/** Resolves once `GET /api/health` answers 200; fails if the process exits first or after `timeoutMs`. */
export async function waitForHealth(hearth: HearthProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: number | string | undefined;
  void hearth.exited.then((code) => (exitedWith = code));
  for (;;) {
    if (exitedWith !== undefined) {
      throw new Error(`Hearth exited (${exitedWith}) before it was healthy:\n${hearth.output()}`);
    }
    try {
      const response = await fetch(`${hearth.url}/api/health`, { signal: AbortSignal.timeout(2000) });
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
