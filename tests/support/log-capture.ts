import { Writable } from 'node:stream';
import { arrivals } from './arrivals';

/** One JSON line the app logged. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

/**
 * The app's log, kept in memory: pass `stream` to createTestApp({ logTo }), then read the lines.
 * Some lines are written after the answer has left (onResponse hooks), so `next` waits for one.
 */
export function captureLogs() {
  let text = '';
  const logged = arrivals<LogLine>('log line');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      const lines = String(chunk)
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as LogLine);
      logged.add(...lines);
      done();
    },
  });
  return {
    stream,
    lines: logged.items,
    /** Everything written so far, as written (to search for what must never be there). */
    text: () => text,
    /** The first line (already written or to come) that matches. */
    next: logged.next,
  };
}
