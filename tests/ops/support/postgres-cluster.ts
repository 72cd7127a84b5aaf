import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL server of the ops suite's own, which a test may stop, kill and restart
 * (the shared server of the API suite must never be). Made with Debian's PostgreSQL binaries; when
 * the suite runs as root (CI), the server runs as the `postgres` user, as initdb requires.
 */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why the ops suite cannot run here, or null when it can. */
export function clusterUnavailable(): string | null {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) return `no PostgreSQL binaries in ${PG_BIN}`;
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root without a postgres user';
  }
  return null;
}

export interface PostgresCluster {
  /** postgres://… of the `postgres` database. */
  url: string;
  port: number;
  dataDir: string;
  /** A fast shutdown (`pg_ctl stop -m fast`): clients are disconnected. */
  stop(): void;
  /** A crash (`-m immediate`), as a power cut or a kill -9 of the server would be. */
  crash(): void;
  start(): void;
  restart(): void;
  /** Stops the server and removes its files. */
  destroy(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const why = clusterUnavailable();
  if (why) throw new Error(`cannot start PostgreSQL: ${why}`);
  const asRoot = process.getuid?.() === 0;
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-ops-pg-'));
  const dataDir = path.join(base, 'data');
  const socketDir = path.join(base, 'sock');
  fs.mkdirSync(socketDir);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);
  const run = (binary: string, args: string[]) => {
    const command = path.join(PG_BIN, binary);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${socketDir} -c fsync=off -c max_connections=100`;
  const ctl = (...args: string[]) =>
    run('pg_ctl', ['-D', dataDir, '-l', path.join(base, 'pg.log'), '-w', ...args]);
  const start = () => ctl('-o', options, 'start');
  start();
  let running = true;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop() {
      ctl('-m', 'fast', 'stop');
      running = false;
    },
    crash() {
      ctl('-m', 'immediate', 'stop');
      running = false;
    },
    start() {
      start();
      running = true;
    },
    restart() {
      ctl('-m', 'fast', '-o', options, 'restart');
      running = true;
    },
    destroy() {
      if (running) {
        try {
          ctl('-m', 'immediate', 'stop');
        } catch {
          // Already gone.
        }
      }
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
  return cluster;
}
