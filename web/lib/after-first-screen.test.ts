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

  /** A picture still arriving (jsdom loads none), placed at `top` px in a 1024 x 768 window. */
  function picture(top: number): HTMLImageElement {
    const image = document.createElement('img');
    image.src = '/api/files/photo?variant=w480';
    image.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 300, height: 200 });
    document.body.append(image);
    return image;
  }

  it('lets the frame go once the pictures in view have arrived, one of them failing', async () => {
    holdUntilFirstScreen();
    const waiting = afterFirstScreen();
    const first = picture(40);
    const second = picture(300);
    firstScreenDrawnWithPictures();
    expect(await settled(waiting)).toBe(false);
    first.dispatchEvent(new Event('load'));
    expect(await settled(waiting)).toBe(false);
    second.dispatchEvent(new Event('error'));
    expect(await settled(waiting)).toBe(true);
  });

  it('waits for no picture below the fold, nor for one already there', async () => {
    holdUntilFirstScreen();
    const waiting = afterFirstScreen();
    picture(2000);
    const shown = picture(10);
    shown.removeAttribute('src');
    firstScreenDrawnWithPictures();
    expect(await settled(waiting)).toBe(true);
  });
});
