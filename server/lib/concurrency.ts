/**
 * Runs at most `max` tasks at once; the rest wait in order. For CPU- and memory-heavy work (image
 * decoding) that must not take every core or megabyte when many requests arrive together.
 */
export function createLimiter(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  /** A finished task hands its slot straight to the next waiter, so no newcomer can slip in between. */
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
