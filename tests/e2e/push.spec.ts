import { type Browser, expect, test, type Worker } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { baseURL, type Member, newMember, signInApi, signInPage } from './support/members';

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
  const { context, page, push } = await receivingTab(browser, await newMember('receiver'));
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

/**
 * A context whose service worker runs and controls the member's signed-in tab, with `push` feeding
 * its push handler a payload (through DevTools, as a push service's message arrives) and `worker`,
 * the service worker itself.
 */
async function receivingTab(browser: Browser, member: Member) {
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
  await signInPage(page, member);
  await page.goto('/dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker claims the tab when it activates: only a tab it controls can be sent to a page.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // It claims the tab while it still activates; the pushes wait until it has finished, as a push
  // service's first message would reach a worker long since active.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  const registrationId = await registered;
  const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'));
  if (!worker) throw new Error('the service worker is not running');
  const push = (payload: unknown) =>
    client.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL(),
      registrationId,
      data: JSON.stringify(payload),
    });
  return { context, page, push, worker };
}

/** The notifications the worker shows, by tag, with the page each leads to. */
function shownIn(worker: Worker) {
  return worker.evaluate(async () => {
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    return (await registration.getNotifications()).map((notification) => ({
      tag: notification.tag,
      url: (notification.data as { url: string }).url,
    }));
  });
}

/**
 * A tap on the notification tagged `tag`: what the worker's notificationclick handler runs, called
 * with the notification as the system hands it over. (Chromium offers no way to click a system
 * notification from a test; a real tap also lets the worker bring a window forward, which a call
 * from outside one is refused; the page is reached either way.)
 */
function tap(worker: Worker, tag: string) {
  return worker.evaluate(async (wanted) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      openNotification(notification: Notification): Promise<unknown>;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    await scope.openNotification(notification);
  }, tag);
}

test('a tap on a push takes the open Hearth tab to its page; another site’s address opens the Inbox', async ({
  browser,
}) => {
  const member = await newMember('tapper');
  const api = await signInApi(member);
  const created = await api.post('/api/posts', { data: { post: { tldr: 'Tap to read me', content: '' } } });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: string };
  const { context, page, push, worker } = await receivingTab(browser, member);

  await push({ title: 'Hearth', body: 'Ana commented', path: `/post/${post.id}`, tag: 'line-1' });
  await expect.poll(() => shownIn(worker)).toEqual([{ tag: 'line-1', url: `/post/${post.id}` }]);
  await tap(worker, 'line-1');
  await expect(page).toHaveURL(`${baseURL()}/post/${post.id}`);
  await expect(page.getByText('Tap to read me').first()).toBeVisible();
  // The same tab went there (no second window), and the tapped notification is gone.
  expect(context.pages()).toEqual([page]);
  expect(await shownIn(worker)).toEqual([]);

  // A payload naming another site leads to the Inbox, from the push and from a notification's data.
  await push({ title: 'Hearth', body: 'Bo replied', path: 'https://evil.example/x', tag: 'line-2' });
  await expect.poll(() => shownIn(worker)).toEqual([{ tag: 'line-2', url: '/inbox' }]);
  await tap(worker, 'line-2');
  await expect(page).toHaveURL(`${baseURL()}/inbox`);
  await page.goto('/dashboard');
  await worker.evaluate(async () => {
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    await registration.showNotification('Hearth', {
      body: 'Forged',
      tag: 'forged',
      data: { url: 'https://evil.example/forged' },
    });
  });
  await tap(worker, 'forged');
  await expect(page).toHaveURL(`${baseURL()}/inbox`);
  await api.dispose();
  await context.close();
});

test('with no Hearth tab open, a tap opens a window at its page', async ({ browser }) => {
  const { context, page, push, worker } = await receivingTab(browser, await newMember('opener'));
  await push({ title: 'Hearth', body: 'Ana commented', path: '/post/abc', tag: 'line-1' });
  await expect.poll(() => shownIn(worker)).toEqual([{ tag: 'line-1', url: '/post/abc' }]);
  await page.close();
  // Chromium lets a worker open a window only while a real tap is handled, and a test cannot tap a
  // system notification; so the worker's own openWindow is watched (and still called), and its
  // refusal outside a tap is the answer Chromium gives.
  const opened = await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      clients: { openWindow(url: string): Promise<unknown> };
      openNotification(notification: Notification): Promise<unknown>;
    };
    const asked: string[] = [];
    const openWindow = scope.clients.openWindow.bind(scope.clients);
    scope.clients.openWindow = (url) => {
      asked.push(url);
      return openWindow(url);
    };
    const [notification] = await scope.registration.getNotifications({ tag: 'line-1' });
    const outcome = await scope.openNotification(notification!).then(
      () => 'opened',
      (error: Error) => error.name,
    );
    return { asked, outcome };
  });
  expect(opened).toEqual({ asked: ['/post/abc'], outcome: 'InvalidAccessError' });
  await context.close();
});
