import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../../server/paths';

/** A Hearth process of the built app (`node dist/server/main.js`), started by an ops test. */
export interface HearthProcess {
  /** http://127.0.0.1:<port> for web processes; null for workers. */
  url: string | null;
  /** Everything the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export const MAIN_JS = path.join(ROOT, 'dist', 'server', 'main.js');

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

/** Polls `GET /api/health/ready` until it answers 200 (or the process dies, or time runs out). */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Hearth exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Hearth at ${url} was not ready within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts one process running `service` with `env` added to a minimal environment; a web process is
 * returned once it is ready. Each process gets a DATA_DIR of its own: processes that share a
 * PostgreSQL server share no folder, as on separate machines.
 */
export async function startHearthProcess(
  service: 'web' | 'worker',
  env: Record<string, string>,
): Promise<HearthProcess> {
  const port = service === 'web' ? await freePort() : 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hearth-ops-${service}-`));
  const child = spawn(process.execPath, [MAIN_JS, `--services=${service}`], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  const url = service === 'web' ? `http://127.0.0.1:${port}` : null;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (url) await waitUntilReady(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output, stop };
}
