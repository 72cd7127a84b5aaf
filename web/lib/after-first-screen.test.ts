import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  FIRST_SCREEN_WAIT_MS,
  firstScreenDrawn,
  firstScreenPending,
  holdUntilFirstScreen,
  resetFirstScreenWait,
} from './after-first-screen';

/** Whether `promise` has settled by the time the already queued work has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('afterFirstScreen', () => {
  afterEach(() => {
    resetFirstScreenWait();
    vi.useRealTimers();
  });

  it('waits for nothing on a page whose first screen did not start with it', async () => {
    expect(firstScreenPending()).toBe(false);
    expect(await settled(afterFirstScreen())).toBe(true);
  });

  it('waits until the first screen has drawn', async () => {
    holdUntilFirstScreen();
    const waiting = afterFirstScreen();
    expect(firstScreenPending()).toBe(true);
    expect(await settled(waiting)).toBe(false);
    firstScreenDrawn();
    expect(await settled(waiting)).toBe(true);
    expect(firstScreenPending()).toBe(false);
  });

  it('waits no longer than FIRST_SCREEN_WAIT_MS for a screen that never draws', async () => {
    vi.useFakeTimers();
    holdUntilFirstScreen();
    const waiting = afterFirstScreen();
    let done = false;
    void waiting.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
