// The `frontend` suite: the JavaScript a browser fetches before each page is idle, gzipped, against
// issue 11's budget. The built app on a fresh database with one member and one published post; Debian
// Chromium (playwright-core) loads the public feed and a published post signed out, and the timeline
// signed in, each in a new context (empty cache, no service worker).
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { SESSION_COOKIE } from '../server/http/auth';
import { CHROMIUM, CHROMIUM_FLAGS, ROOT, publishedPost, startBuiltApp } from './support/built-app';
import { mergeResult } from './support/hearth';

/** Issue 11: the public feed's initial JavaScript, gzipped. */
const PUBLIC_FEED_BUDGET_KB = 150;

interface Script {
  url: string;
  raw: number;
  gzip9: number;
  served: number;
  encoding: string;
}

export interface PageWeight {
  page: string;
  path: string;
  signedIn: boolean;
  scripts: Script[];
  raw: number;
  gzip9: number;
  served: number;
  budget: number | null;
}

const kb = (bytes: number) => bytes / 1024;

export async function measurePages(
  pages: Array<{ page: string; path: string; signedIn: boolean; ready: string }>,
  base: string,
  sessionToken: string,
): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const weights: PageWeight[] = [];
  try {
    for (const target of pages) {
      // The service worker would fetch every screen in the background: not what the page needs.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (target.signedIn) {
        await context.addCookies([
          { name: SESSION_COOKIE, value: sessionToken, url: base, httpOnly: true, sameSite: 'Lax' },
        ]);
        // A member's browser knows it was signed in (web/app/auth/session-hint.ts).
        await context.addInitScript(() => window.localStorage.setItem('hearthSignedIn', '1'));
      }
      const page = await context.newPage();
      const pending: Array<Promise<Script | null>> = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(
          (async () => {
            const body = await response.body().catch(() => null);
            if (!body) return null;
            const sizes = await response.request().sizes();
            return {
              url: new URL(response.url()).pathname,
              raw: body.length,
              gzip9: zlib.gzipSync(body, { level: 9 }).length,
              served: sizes.responseBodySize,
              encoding: (await response.headerValue('content-encoding')) ?? 'identity',
            };
          })(),
        );
      });
      await page.goto(`${base}${target.path}`, { waitUntil: 'networkidle' });
      // The screen itself drew (not only the "Loading" of the shell).
      await page.getByText(target.ready, { exact: false }).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
      weights.push({
        ...target,
        scripts,
        raw: scripts.reduce((sum, s) => sum + s.raw, 0),
        gzip9: scripts.reduce((sum, s) => sum + s.gzip9, 0),
        served: scripts.reduce((sum, s) => sum + s.served, 0),
        budget: target.path === '/' ? PUBLIC_FEED_BUDGET_KB : null,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

function printTable(weights: PageWeight[]) {
  const lines = [
    ['page', 'scripts', 'raw KB', 'gzip-9 KB', 'served KB', 'budget (gzip)', ''],
    ...weights.map((w) => [
      `${w.page} (${w.path})`,
      String(w.scripts.length),
      kb(w.raw).toFixed(1),
      kb(w.gzip9).toFixed(1),
      `${kb(w.served).toFixed(1)} ${[...new Set(w.scripts.map((s) => s.encoding))].join('/')}`,
      w.budget === null ? '-' : `<= ${w.budget}`,
      w.budget === null ? '' : kb(w.gzip9) <= w.budget ? 'met' : 'missed',
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines)
    console.log(
      line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    );
  for (const w of weights) {
    console.log(`\n${w.page}:`);
    for (const s of [...w.scripts].sort((a, b) => b.gzip9 - a.gzip9))
      console.log(`  ${kb(s.gzip9).toFixed(1).padStart(7)} KB  ${s.url}`);
  }
}

export async function runFrontend() {
  const app = await startBuiltApp();
  try {
    const postPath = await publishedPost(app);
    const weights = await measurePages(
      [
        { page: 'public feed', path: '/', signedIn: false, ready: 'Saturday market' },
        { page: 'public post', path: postPath, signedIn: false, ready: 'Saturday market' },
        { page: 'timeline', path: '/dashboard', signedIn: true, ready: 'Saturday market' },
      ],
      app.base,
      app.sessionToken,
    );
    console.log(
      '\nJavaScript requested before the page is idle (new context each, service worker blocked).' +
        '\ngzip-9: the raw bodies gzipped at level 9 (the budget figure); served: bytes on the wire as the' +
        ' server sent them (content-encoding shown).\n',
    );
    printTable(weights);
    const file = mergeResult('latest', 'frontend', {
      date: new Date().toISOString(),
      loadAverage: os.loadavg(),
      measure: 'gzip level 9 of each script body as decoded; served = encoded response body bytes',
      pages: weights.map((w) => ({
        page: w.page,
        path: w.path,
        signedIn: w.signedIn,
        scripts: w.scripts.length,
        rawKB: +kb(w.raw).toFixed(1),
        gzipKB: +kb(w.gzip9).toFixed(1),
        servedKB: +kb(w.served).toFixed(1),
        encodings: [...new Set(w.scripts.map((s) => s.encoding))],
        budgetKB: w.budget,
        met: w.budget === null ? null : kb(w.gzip9) <= w.budget,
        files: w.scripts.map((s) => ({ url: s.url, gzipKB: +kb(s.gzip9).toFixed(1) })),
      })),
    });
    console.log(`\nWrote ${path.relative(ROOT, file)}`);
  } finally {
    await app.stop();
  }
}
