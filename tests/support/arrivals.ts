/**
 * Things that arrive over time (a stream's events, the app's log lines), kept in order, and a
 * wait for the first that matches, whether it has come already or is still to come.
 */
export function arrivals<T>(what: string) {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    /** Records what arrived and wakes every waiter. */
    add(...arrived: T[]) {
      items.push(...arrived);
      for (const wake of waiters) wake();
    },
    next(match: (item: T) => boolean, timeoutMs = 5000): Promise<T> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = items.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching ${what} within ${timeoutMs} ms; got ${JSON.stringify(items)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
