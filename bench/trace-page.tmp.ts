import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, publishedPost, startBuiltApp } from './support/built-app';
const app = await startBuiltApp({ seedPosts: Number(process.env.SEED ?? 0) });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  await publishedPost(app);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (process.argv[3] === 'signed-in') {
    const [name, value] = app.cookie.split('=');
    await context.addCookies([{ name: name!, value: value!, url: app.base }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, { path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'disabled-by-default-devtools.timeline.stack'] });
  await page.goto(`${app.base}${process.argv[2] ?? '/'}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await browser.stopTracing();
} finally {
  await browser.close();
  await app.stop();
}
