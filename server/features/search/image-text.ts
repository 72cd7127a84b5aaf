import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';

/**
 * Text read from images (OCR) with tesseract.js and the English model shipped in
 * `@tesseract.js-data/eng`, so nothing is downloaded. Measured here: ~2.7 s to start the engine,
 * then ~0.8-2.4 s per image and ~80 MB while it runs. One engine per process, started on first use
 * and stopped after a minute idle; a slow image is abandoned at the deadline.
 */
const IDLE_MS = 60_000;
export const OCR_DEADLINE_MS = 20_000;
/** At most this much recognised text is kept per image. */
const MAX_TEXT = 2000;

let engine: Promise<Worker> | null = null;
let idleTimer: NodeJS.Timeout | null = null;

function languagePath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

async function stopEngine() {
  const running = engine;
  engine = null;
  if (running) await (await running).terminate().catch(() => undefined);
}

function startEngine(): Promise<Worker> {
  engine ??= createWorker('eng', 1, { langPath: languagePath(), gzip: true, cacheMethod: 'none' });
  return engine;
}

/** The words an image shows (normalised spaces), or '' when none could be read in time. */
export async function readImageText(bytes: Buffer, deadlineMs = OCR_DEADLINE_MS): Promise<string> {
  if (idleTimer) clearTimeout(idleTimer);
  let timer: NodeJS.Timeout | undefined;
  try {
    const worker = await startEngine();
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), deadlineMs);
    });
    const result = await Promise.race([worker.recognize(bytes), deadline]);
    if (result === null) {
      // The engine may still be busy with this image: start afresh next time.
      await stopEngine();
      return '';
    }
    return result.data.text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
  } finally {
    if (timer) clearTimeout(timer);
    idleTimer = setTimeout(() => void stopEngine(), IDLE_MS);
    idleTimer.unref();
  }
}
