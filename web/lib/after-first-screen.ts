/**
 * What the members' frame asks for beside the screen (the group list, the badges' counts, live
 * events) waits, on a page that started its first screen with it (web/app/first-screen.ts), until
 * that screen has drawn its data: on a phone's network those calls would share the screen's
 * connections and bandwidth, and the post the member came for would show later. The wait holds
 * for one page load, and at most FIRST_SCREEN_WAIT_MS in case the screen never draws (the member
 * went elsewhere). Elsewhere nothing waits.
 */
export const FIRST_SCREEN_WAIT_MS = 3000;

let held: Promise<void> | null = null;
let release: (() => void) | null = null;
let cap: ReturnType<typeof setTimeout> | undefined;

/** The page's first screen has started: the frame's other calls wait until it has drawn (or `capMs`). */
export function holdUntilFirstScreen(capMs = FIRST_SCREEN_WAIT_MS): void {
  if (held) return;
  held = new Promise<void>((resolve) => (release = resolve));
  cap = setTimeout(firstScreenDrawn, capMs);
}

/** The first screen has drawn its data (or its error): what waited goes ahead. */
export function firstScreenDrawn(): void {
  release?.();
  release = null;
}

/**
 * The first screen has drawn its data, and what waited goes ahead once the pictures it shows in the
 * viewport are on the screen as well (arrived, decoded and painted; or failed): on a screen with
 * photos they are its largest paint. Released before, the frame's calls and renders and the code
 * loaded after the first screen would run between the pictures' arrival and their paint, and hold
 * the paint back on a slow phone; a picture that had arrived before the screen was drawn is still
 * decoded apart from it and painted a frame later. The page's cap (FIRST_SCREEN_WAIT_MS) still
 * holds, for a picture removed before it loaded.
 */
export function firstScreenDrawnWithPictures(): void {
  if (!firstScreenPending()) return;
  const shown = [...document.images].filter(inViewport);
  void Promise.all(shown.map(decoded)).then(nextPaint).then(firstScreenDrawn);
}

/** Resolves once `image` has arrived and is decoded (`decode()` waits for it to load), or has failed to. */
function decoded(image: HTMLImageElement): Promise<void> {
  return image.decode().catch(() => undefined);
}

/** Resolves after the next frame has been painted: a frame's callbacks run before its paint. */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
}

/** Whether the frame's calls are waiting for the first screen now. */
export function firstScreenPending(): boolean {
  return release !== null;
}

/** Resolves once the first screen has drawn, at once where none was started with the page. */
export function afterFirstScreen(): Promise<void> {
  return held ?? Promise.resolve();
}

/** Forgets the page's wait, leaving what waited unanswered (each test starts as a fresh page). */
export function resetFirstScreenWait(): void {
  clearTimeout(cap);
  held = null;
  release = null;
}
