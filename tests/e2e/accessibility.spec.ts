import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  expect,
  test,
} from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { type Member, host, invitationCode, newMember, signInApi } from './support/members';

/**
 * The accessibility bar: every screen, with seeded content, at desktop and phone widths, light and
 * dark, has no serious or critical axe violation (WCAG 2.0/2.1 A and AA plus Label in Name), and the
 * main menus and dialogs open and pass too. One seeded world and one signed-in session serve every
 * pass; the failures are soft, so a run lists every screen's problems at once.
 */

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const SCHEMES = ['light', 'dark'] as const;

const ARTICLE_TITLE = 'Why compost heaps need air';
const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${ARTICLE_TITLE}</title>
<meta property="og:site_name" content="Garden Notes"></head>
<body><article><h1>${ARTICLE_TITLE}</h1>
<p>A compost heap is a crowd of tiny workers, and most of them need oxygen to do their job well.
When a heap is packed too tight it turns sour and slow, and the smell tells the neighbours.</p>
<p>Turning the heap every few weeks lets air back in; mixing twigs with the grass clippings keeps
small channels open between the layers so that the middle of the heap can breathe.</p>
<p>A heap that breathes gets warm, sometimes hot, and a hot heap kills weed seeds and finishes in
months rather than years. Keep it as damp as a wrung-out sponge and it will reward you.</p>
</article></body></html>`;

/** One line of a shared recipe script, wider than the widest screen checked. */
const LONG_CODE = `const supper = ${JSON.stringify(Array.from({ length: 24 }, (_, i) => `dish-${i}`))}; // who brings what`;

interface World {
  me: Member;
  friend: Member;
  friendId: string;
  groupId: string;
  groupName: string;
  postId: string;
  postTitle: string;
  commentText: string;
  friendPostTitle: string;
  publicPostId: string;
  linkId: string;
  signUpCode: string;
  storageState: string;
}

let world: World;

/** On a busy machine a screen's first data can take a while; a missing one still fails. */
const patient = expect.configure({ timeout: 30_000 });
let articleServer: http.Server;

async function created(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string; public_url?: string };
}

async function userId(api: APIRequestContext): Promise<string> {
  const response = await api.get('/api/auth');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

test.beforeAll(async () => {
  test.setTimeout(360_000);
  articleServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  });
  await new Promise<void>((resolve) => articleServer.listen(0, '127.0.0.1', resolve));
  const articleUrl = `http://127.0.0.1:${(articleServer.address() as AddressInfo).port}/compost`;

  // The signed-in member is the host: an admin, so the admin screens are theirs too.
  const me = await host();
  const friend = await newMember('ada');
  const asker = await newMember('ravi');
  const blocked = await newMember('troll');
  const api = await signInApi(me);
  const friendApi = await signInApi(friend);
  const askerApi = await signInApi(asker);
  const friendId = await userId(friendApi);

  const tag = Date.now().toString(36);
  const groupName = `Allotment club ${tag}`;
  const groupId = (await created(await api.post('/api/groups', { data: { group: { name: groupName } } }))).id;
  const joined = await created(
    await friendApi.post('/api/group_requests', { data: { group_request: { group_id: groupId } } }),
  );
  await created(
    await api.patch(`/api/group_requests/${joined.id}`, {
      data: { group_request: { role: 'Poster', status: 'accepted' } },
    }),
  );
  // A request left waiting lights the Requests count in the top bar and the sidebar.
  await created(
    await askerApi.post('/api/group_requests', { data: { group_request: { group_id: groupId } } }),
  );

  const fileRequestId = await attachImage(api);
  const postTitle = `Harvest supper ${tag}`;
  const postId = (
    await created(
      await api.post('/api/posts', {
        data: {
          post: {
            tldr: postTitle,
            // A "##" heading and a code block wider than any screen: the post's page, its card, the
            // public page and the feed must keep the heading order and let a keyboard scroll the code.
            content: `Bring a **dish** and a chair. We start at 7.\n\n## What to bring\n\n\`\`\`\n${LONG_CODE}\n\`\`\``,
            group_id: groupId,
            file_request_id: fileRequestId,
          },
        },
      }),
    )
  ).id;
  const commentText = `I will bring the apple crumble ${tag}`;
  await created(
    await friendApi.post(`/api/posts/${postId}/comments`, { data: { comment: { content: commentText } } }),
  );
  await created(await friendApi.post(`/api/posts/${postId}/likes`));

  const friendPostTitle = `Seed swap ${tag}`;
  const friendPost = await created(
    await friendApi.post('/api/posts', {
      data: { post: { tldr: friendPostTitle, content: 'Tomatoes for beans.' } },
    }),
  );
  const ignoredPost = await created(
    await friendApi.post('/api/posts', { data: { post: { tldr: `Spam ${tag}`, content: 'Not for me.' } } }),
  );
  await created(await api.post(`/api/posts/${ignoredPost.id}/ignore`));
  void friendPost;

  const published = await created(
    await api.post('/api/public_posts', {
      data: { public_post: { post_id: postId, slug: `harvest-${tag}` } },
    }),
  );
  const publicPostId = published.public_url!.split('/').pop()!;

  await created(await api.post(`/api/profiles/${friendId}/follow`));
  await created(await friendApi.post(`/api/profiles/${await userId(api)}/follow`));
  await created(await api.post('/api/blocks', { data: { user_id: await userId(await signInApi(blocked)) } }));

  const linkId = (
    await created(
      await api.post('/api/links', {
        data: { url: articleUrl, comment: 'Worth a read before spring.', visibility: 'published' },
      }),
    )
  ).id;

  // The server's background work on the new content (indexing the posts for search, fetching the
  // link) runs in the same process: wait until search finds the post, so the screens load at speed.
  await expect
    .poll(
      async () => {
        const found = await api.post('/api/search', { data: { query: postTitle }, timeout: 120_000 });
        return found.ok() && (await found.text()).includes(postTitle);
      },
      { timeout: 240_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true);
  // Visitors see a published link once it has been read: wait for that, or the first screens
  // checked (on a server that has just started) would find no link to show.
  await expect
    .poll(
      async () => {
        const link = await api.get(`/api/links/${linkId}`);
        return link.ok() ? ((await link.json()) as { status: string }).status : String(link.status());
      },
      { timeout: 240_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe('ready');

  const signUpCode = await invitationCode();
  const storageState = '.tmp/a11y-member-state.json';
  await api.storageState({ path: storageState });
  await Promise.all([api.dispose(), friendApi.dispose(), askerApi.dispose()]);

  world = {
    me,
    friend,
    friendId,
    groupId,
    groupName,
    postId,
    postTitle,
    commentText,
    friendPostTitle,
    publicPostId,
    linkId,
    signUpCode,
    storageState,
  };
});

test.afterAll(async () => {
  await new Promise((resolve) => articleServer.close(resolve));
});

/** Requests the upload, PUTs the bytes and marks it uploaded; answers the file request's id. */
async function attachImage(api: APIRequestContext): Promise<string> {
  const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#c2703d' } })
    .png()
    .toBuffer();
  const response = await api.post('/api/file_requests', {
    data: { name: 'harvest.png', file_type: 'post_attachment' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id, url } = (await response.json()) as { id: string; url: string };
  const put = await api.fetch(url, { method: 'PUT', data: png, headers: { 'content-type': 'image/png' } });
  expect(put.status(), await put.text()).toBeLessThan(300);
  const done = await api.patch(`/api/file_requests/${id}`, {
    data: { status: 'uploaded', file_size: png.length, content_type: 'image/png' },
  });
  expect(done.status(), await done.text()).toBe(200);
  return id;
}

async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  scheme: (typeof SCHEMES)[number],
  signedIn: boolean,
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    ...(signedIn ? { storageState: world.storageState } : {}),
  });
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: scheme });
  return page;
}

/**
 * While a menu or dialog is open, Radix hides the rest of the page from assistive technology
 * (`aria-hidden`) and keeps focus inside, so what a member can reach is the overlay alone: that is
 * what these checks look at (the page itself is checked screen by screen above).
 */
const OPEN_MENU = { include: '[role="menu"]' };
const OPEN_DIALOG = { include: '[role="dialog"]' };

/** Opens `path`, waits for `ready` (seeded content) and its heading, then checks it. */
async function check(page: Page, label: string, path: string, ready?: (page: Page) => Locator) {
  await page.goto(path);
  if (ready) await patient(ready(page).first()).toBeVisible();
  // Some screens keep their h1 for screen readers only (the feed), so attached rather than visible.
  await patient(page.locator('h1')).not.toHaveCount(0);
  await patient(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, label);
}

for (const scheme of SCHEMES) {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${width}, ${scheme}`, () => {
      // Thirty screens, each loaded and checked: minutes, not the default one.
      test.describe.configure({ timeout: 600_000 });

      test('visitor screens', async ({ browser }) => {
        const page = await openPage(browser, viewport, scheme, false);
        const text = (value: string) => (p: Page) => p.getByText(value);
        await check(page, 'public feed', '/', text(world.postTitle));
        await check(page, 'public timeline', '/explore', text(world.postTitle));
        await check(page, 'public post', `/explore/post/${world.publicPostId}`, text(world.postTitle));
        await check(page, 'published links', '/explore/links', text(ARTICLE_TITLE));
        await check(page, 'published link', `/explore/link/${world.linkId}`, text(ARTICLE_TITLE));
        await check(page, 'landing', '/landing');
        await check(page, 'sign in', '/signin', (p) => p.getByLabel('Email'));
        await check(page, 'invitation', '/invitation');
        await check(page, 'sign up', `/signup?code=${world.signUpCode}`, (p) => p.getByLabel('Email'));
        await check(page, 'email confirmation', '/email-confirmation');
        await check(page, 'resend confirmation', '/resend-confirmation', (p) => p.getByLabel('Email'));
        await check(page, 'password request', '/password-request', (p) => p.getByLabel('Email'));
        await check(page, 'password reset', '/password-reset?reset_password_token=abc');
        await check(page, 'privacy policy', '/privacy-policy', text('March 22nd 2025'));
        // Unknown addresses under /explore are the public face's own 404 (others ask a visitor to sign in).
        await check(page, 'not found (visitor)', '/explore/no-such-page', text('Page not found'));
        await page.context().close();
      });

      test('member screens', async ({ browser }) => {
        const page = await openPage(browser, viewport, scheme, true);
        const text = (value: string) => (p: Page) => p.getByText(value);
        await check(page, 'timeline', '/dashboard', text(world.postTitle));
        await check(page, 'new post', '/posts/new', (p) => p.getByLabel('Title'));
        await check(page, 'post with comments', `/post/${world.postId}`, text(world.commentText));
        await check(page, 'edit post', `/post/${world.postId}/edit`, (p) => p.getByLabel('Title'));
        await check(page, 'groups', '/groups', text(world.groupName));
        await check(page, 'new group', '/groups/new');
        await check(page, 'group', `/group/${world.groupId}`, text(world.postTitle));
        await check(
          page,
          'group settings and members',
          `/groups/edit/${world.groupId}`,
          text(world.friend.firstName),
        );
        await check(page, 'group requests', '/group-requests', text('Ravi'));
        await check(page, 'friends', '/friends', text(world.friend.firstName));
        await check(page, 'profile', `/profiles/${world.friendId}`, text(world.friendPostTitle));
        await check(page, 'settings', '/settings', (p) => p.getByLabel('First name'));
        await check(page, 'security settings', '/settings/security');
        await check(page, 'notification settings', '/settings/notifications');
        await check(page, 'hidden posts', '/settings/hidden', text('Spam'));
        await check(page, 'blocked members', '/settings/blocked', text('Troll'));
        await check(page, 'your data', '/settings/data');
        await check(page, 'inbox', '/inbox', text(world.friend.firstName));
        await check(
          page,
          'search results',
          `/search?q=${encodeURIComponent('Harvest supper')}`,
          text(world.postTitle),
        );
        await check(page, 'links', '/links', text(ARTICLE_TITLE));
        await check(page, 'new link', '/links/new');
        await check(page, 'link', `/links/${world.linkId}`, text(ARTICLE_TITLE));
        await check(page, 'explore links (member)', '/explore/links', text(ARTICLE_TITLE));
        await check(page, 'feed (member)', '/', text(world.postTitle));
        await check(page, 'published', '/published', text(world.postTitle));
        await check(page, 'invitations', '/invitations');
        await check(page, 'share feedback', '/share-feedback');
        await check(page, 'admin', '/admin');
        await check(page, 'privacy policy (member)', '/privacy-policy', text('March 22nd 2025'));
        await check(page, 'not found (member)', '/no-such-page', text('Page not found'));
        await page.context().close();
      });

      test('menus and dialogs open and pass', async ({ browser }) => {
        const page = await openPage(browser, viewport, scheme, true);
        await page.goto(`/post/${world.postId}`);
        await patient(page.getByText(world.commentText)).toBeVisible();

        await page.getByRole('button', { name: 'Account menu' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'account menu', OPEN_MENU);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();

        if (width === 'desktop') {
          await page.getByRole('button', { name: /^Your groups/ }).click();
          await expect(page.getByRole('menuitem', { name: new RegExp(world.groupName) })).toBeVisible();
          await expectNoSeriousA11yViolations(page, 'group switcher', OPEN_MENU);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toBeHidden();
        } else {
          await page.getByRole('button', { name: 'Open menu' }).click();
          const sidebar = page.getByRole('dialog');
          await expect(sidebar.getByRole('link', { name: 'Timeline', exact: true })).toBeVisible();
          await expectNoSeriousA11yViolations(page, 'slide-in sidebar', OPEN_DIALOG);
          await page.keyboard.press('Escape');
          await expect(sidebar).toBeHidden();
        }

        await page.getByRole('button', { name: 'Post options' }).first().click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
        await expect(confirm).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'confirm dialog', OPEN_DIALOG);
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expect(confirm).toBeHidden();

        await page.getByRole('button', { name: /Attachment: harvest\.png/ }).click();
        const viewer = page.getByRole('dialog', { name: 'harvest.png' });
        await expect(viewer.getByRole('img')).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'image viewer', OPEN_DIALOG);
        await page.keyboard.press('Escape');
        await expect(viewer).toBeHidden();
        await page.context().close();
      });
    });
  }
}
