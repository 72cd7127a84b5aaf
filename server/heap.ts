import { spawn } from 'node:child_process';
import type { MemoryConfig } from './config/env';

/**
 * V8's own limits for every Hearth process (ADR 053). Left alone, V8 sizes a process's heap for the
 * machine (a 4 GB old generation here) and lets it grow to about four times what is live before a
 * full collection; its young generation grows to two 16 MB halves under request load. Measured
 * under the mix, Hearth held ~80 MB live and ~300 MB resident. A bounded old generation also makes
 * V8 grow the heap by a smaller factor, and small halves make each scavenge cheap (what a request
 * leaves behind is almost all garbage). V8 reads both only when a heap is created: they are
 * command-line flags, so a process started without them starts itself again with them
 * (`relaunchWithHeapBound`). Worker threads (PGlite's, the word vectors') take the same flags.
 */
export function heapFlags(memory: MemoryConfig): string[] {
  return [`--max-old-space-size=${memory.heapMaxMb}`, `--max-semi-space-size=${memory.semiSpaceMb}`];
}

/** Whether this process was started with `flags` (on its command line or in NODE_OPTIONS). */
export function runsWithFlags(
  flags: string[],
  execArgv: string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return flags.every((flag) => given.has(flag));
}

/** Node flags of this process that `flags` replace (another heap size given by hand). */
function otherThan(flags: string[], execArgv: string[]): string[] {
  const names = new Set(flags.map((flag) => flag.slice(0, flag.indexOf('='))));
  return execArgv.filter((arg) => !names.has(arg.slice(0, arg.indexOf('='))));
}

/** Set by the launcher for the process it starts (and taken out there, so it goes no further). */
const LAUNCHED = 'HEARTH_HEAP_LAUNCHER';

/**
 * Runs `script` again in a child Node with `flags` (and this process's own flags, `argv` and
 * environment), and mirrors it: SIGTERM, SIGINT and SIGHUP are passed on, and this process ends as
 * the child did (its exit code, or the same signal). Should this process die without passing a
 * signal on (SIGKILL from a supervisor), the child hears its channel close and kills itself
 * (`dieWithLauncher`), so killing what was started kills Hearth, as before. Resolves never: the
 * process exits with the child.
 */
export function relaunchWithHeapBound(script: string, flags: string[]): Promise<never> {
  const child = spawn(
    process.execPath,
    [...flags, ...otherThan(flags, process.execArgv), script, ...process.argv.slice(2)],
    {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, [LAUNCHED]: '1' },
    },
  );
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  return new Promise(() => {
    child.once('exit', (code, signal) => {
      if (signal) {
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }
      process.exit(code ?? 1);
    });
  });
}

/**
 * In a process `relaunchWithHeapBound` started: when the launcher is gone (killed with SIGKILL,
 * which it cannot pass on), Hearth ends at once as the launcher did. The channel carries nothing
 * else and does not keep the process alive.
 */
export function dieWithLauncher(): void {
  const launched = process.env[LAUNCHED] === '1';
  delete process.env[LAUNCHED];
  if (!launched || !process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGKILL'));
}
