import { LRUCache } from 'lru-cache';

/**
 * When each session was last marked seen by this process. The session look-up is a kept read
 * (ADR 028), and marking a session seen does not drop kept reads (the mark changes nothing a member
 * reads back at once: only the session list's "last seen"), so the kept session's `lastSeenAt` can
 * be older than the database's. Without this memo every request after the first minute would write
 * the mark again.
 */
export class SessionPresence {
  readonly #markedAt: LRUCache<string, number>;
  readonly #everyMs: number;

  constructor(everyMs: number, capacity = 50_000) {
    this.#everyMs = everyMs;
    this.#markedAt = new LRUCache({ max: capacity });
  }

  /** Whether the session is due a new mark: neither the database nor this process marked it lately. */
  due(sessionId: string, lastSeenAt: Date, now: Date): boolean {
    const marked = Math.max(lastSeenAt.getTime(), this.#markedAt.get(sessionId) ?? -Infinity);
    return now.getTime() - marked > this.#everyMs;
  }

  /** Records a mark this process wrote. */
  marked(sessionId: string, now: Date): void {
    this.#markedAt.set(sessionId, now.getTime());
  }
}
