import { Writable } from 'node:stream';

/** One JSON line the app logged. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

/**
 * The app's log, kept in memory: pass `stream` to createTestApp({ logTo }), then read the lines.
 * Some lines are written after the answer has left (onResponse hooks), so `next` waits for one.
 */
export function captureLogs() {
  let text = '';
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      for (const wake of waiters) wake();
      done();
    },
  });
  return {
    stream,
    lines,
    /** Everything written so far, as written (to search for what must never be there). */
    text: () => text,
    /** The first line (already written or to come) that matches. */
    next(match: (line: LogLine) => boolean, timeoutMs = 5000): Promise<LogLine> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching log line within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
