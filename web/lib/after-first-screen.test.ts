import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  FIRST_SCREEN_WAIT_MS,
  firstScreenDrawn,
  firstScreenDrawnWithPictures,
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

describe('firstScreenDrawnWithPictures', () => {
  afterEach(() => {
    resetFirstScreenWait();
    document.body.replaceChildren();
  });

  /**
   * A picture placed at `top` px in a 1024 x 768 window, still arriving unless `arrived` (jsdom
   * loads none: one without a source counts as complete); its `decode()`, which jsdom lacks,
   * resolves when `decoded` is called and fails when the picture fails to load, as a browser's does.
   */
  function picture(top: number, { arrived = false } = {}) {
    const image = document.createElement('img');
    if (!arrived) image.src = '/api/files/photo?variant=w480';
    image.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 300, height: 200 });
    let decoded = () => {};
    image.decode = () =>
      new Promise<void>((resolve, reject) => {
        decoded = resolve;
        image.addEventListener('error', () => reject(new DOMException('broken', 'EncodingError')), {
          once: true,
        });
      });
    document.body.append(image);
    return { image, decoded: () => decoded() };
  }

  /** Whether `promise` settles once a frame has been painted (a frame's callback, then a task). */
  async function settledAfterPaint(promise: Promise<unknown>): Promise<boolean> {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return settled(promise);
  }

  it('lets the frame go once the pictures in view are decoded and painted, one of them failing', async () => {
    holdUntilFirstScreen();
    const waiting = afterFirstScreen();
    const first = picture(40);
    const second = picture(300);
    firstScreenDrawnWithPictures();
    expect(await settled(waiting)).toBe(false);
    first.image.dispatchEvent(new Event('load'));
    expect(await settledAfterPaint(waiting)).toBe(false);
    second.image.dispatchEvent(new Event('error'));
    // Both have arrived; the first is still being decoded, so nothing has been painted yet.
    expect(await settledAfterPaint(waiting)).toBe(false);
    first.decoded();
    expect(await settled(waiting)).toBe(false);
    expect(await settledAfterPaint(waiting)).toBe(true);
  });

  it('waits for no picture below the fold; one that arrived before the screen drew is decoded and painted first', async () => {
    holdUntilFirstScreen();
    const waiting = afterFirstScreen();
    picture(2000);
    const there = picture(10, { arrived: true });
    expect(there.image.complete).toBe(true);
    firstScreenDrawnWithPictures();
    expect(await settledAfterPaint(waiting)).toBe(false);
    there.decoded();
    expect(await settled(waiting)).toBe(false);
    expect(await settledAfterPaint(waiting)).toBe(true);
  });
});
