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
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${app.base}${process.argv[2] ?? '/'}`);
  await page.waitForLoadState('networkidle');
  console.log('loaded in', Date.now() - t0, 'ms');
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync('/tmp/page.cpuprofile', JSON.stringify(profile));
} finally {
  await browser.close();
  await app.stop();
}
