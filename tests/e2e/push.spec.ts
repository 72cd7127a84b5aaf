import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { baseURL, newMember, signInApi, signInPage } from './support/members';

/**
 * Web Push (ADR 052) in Chromium. Chromium here reaches no real push service, so a device is added
 * over the API (as a phone's browser would add itself) and the service worker's push handler is fed
 * through the DevTools protocol, exactly as a push service's message would arrive.
 */

const deviceKeys = {
  p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
  auth: Buffer.alloc(16, 2).toString('base64url'),
};

test('the device list removes a device, and quiet hours are kept', async ({ page }) => {
  const member = await newMember('pusher');
  const phone = await signInApi(member);
  const added = await phone.post('/api/push_subscriptions', {
    data: { push_subscription: { endpoint: 'https://push.example.com/send/phone-1', keys: deviceKeys } },
    headers: {
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36',
    },
  });
  expect(added.status()).toBe(201);

  await signInPage(page, member);
  await page.goto('/settings/notifications');
  const devices = page.getByRole('list', { name: 'Devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('Chrome 131 on Android 14');
  await expectNoSeriousA11yViolations(page, 'notification settings with a device');
  // On a phone's width too: the cards stack and every control keeps its name.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, 'notification settings on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  // From the keyboard: Enter on the focused Remove presses it.
  await devices.getByRole('button', { name: 'Remove Chrome 131 on Android 14' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No device receives notifications yet.')).toBeVisible();
  expect(await (await phone.get('/api/push_subscriptions')).json()).toEqual([]);

  await page.getByRole('checkbox', { name: 'Pause notifications every night' }).check();
  await page.getByLabel('Quiet from', { exact: true }).fill('21:30');
  await page.getByLabel('Quiet until', { exact: true }).fill('06:45');
  await page.getByLabel('Time zone', { exact: true }).selectOption('Europe/Berlin');
  await page.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(page.getByText('Your quiet hours are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Pause notifications every night' })).toBeChecked();
  await expect(page.getByLabel('Quiet from', { exact: true })).toHaveValue('21:30');
  await expect(page.getByLabel('Quiet until', { exact: true })).toHaveValue('06:45');
  await expect(page.getByLabel('Time zone', { exact: true })).toHaveValue('Europe/Berlin');
  await phone.dispose();
});

test('the service worker shows a push with its words, icon, tag and page, and keeps one per tag', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: baseURL() });
  const page = await context.newPage();
  const client = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    client.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${baseURL()}/`);
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
  });
  await client.send('ServiceWorker.enable');
  await signInPage(page, await newMember('receiver'));
  await page.goto('/dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;

  const push = (payload: unknown) =>
    client.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL(),
      registrationId,
      data: JSON.stringify(payload),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        icon: notification.icon,
        tag: notification.tag,
        url: (notification.data as { url: string }).url,
      })),
    );

  await push({ title: 'Hearth', body: 'Ana mentioned you in “Climb”', path: '/post/abc', tag: 'line-1' });
  await expect.poll(shown).toEqual([
    {
      title: 'Hearth',
      body: 'Ana mentioned you in “Climb”',
      icon: `${baseURL()}/icon-192.png`,
      tag: 'line-1',
      url: '/post/abc',
    },
  ]);
  // A newer push of the same line replaces it; another site's address never becomes the page.
  await push({
    title: 'Hearth',
    body: '2 new posts in Climbers',
    path: 'https://evil.example/x',
    tag: 'line-1',
  });
  await expect
    .poll(shown)
    .toEqual([expect.objectContaining({ body: '2 new posts in Climbers', url: '/inbox' })]);
  await push({ title: 'Hearth', body: 'Bo replied', path: '//evil.example/y', tag: 'line-2' });
  await expect
    .poll(async () => (await shown()).map((notification) => notification.url))
    .toEqual(['/inbox', '/inbox']);

  // It still keeps nothing but the shell.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept.every((url) => url === '/' || url.startsWith('/assets/'))).toBe(true);
  await context.close();
});
