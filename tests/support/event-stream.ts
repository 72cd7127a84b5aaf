import { expect } from 'vitest';
import type { LiveEvent } from '../../shared/api/live-events';
import { SESSION_COOKIE } from '../../server/http/auth';
import { arrivals } from './arrivals';
import type { TestClient } from './test-client';

/** A member's open event stream, read as a browser's EventSource would. */
export interface Stream {
  events: LiveEvent[];
  /** Resolves with the first event (already received or to come) that matches. */
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

export async function openStream(baseUrl: string, client: TestClient): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const received = arrivals<LiveEvent>('event');
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) received.add(JSON.parse(data) as LiveEvent);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    events: received.items,
    next: received.next,
    close: () => controller.abort(),
  };
}
