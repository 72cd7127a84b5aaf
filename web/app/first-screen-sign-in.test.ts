import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPost } from '@web/features/posts/post-fixtures';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { createTestQueryClient } from '@web/test/render-app';
import { maria } from '@web/test/users';

/** How many times the sign-in screen's code has been loaded (its module evaluated) on this page. */
const signInLoads = { count: 0 };

const postAddress = `/post/${aPost().id}`;

/**
 * A fresh page: the first screen's modules, their started session check and the sign-in code
 * unloaded; the members' frame and the post's screen, which it also starts, stand-ins.
 */
async function freshPage() {
  vi.resetModules();
  signInLoads.count = 0;
  vi.doMock('@web/app/shells/signed-in-shell', () => ({ SignedInShell: () => null }));
  vi.doMock('@web/features/posts/post-detail-page', () => ({ PostDetailPage: () => null }));
  vi.doMock('@web/features/accounts/sign-in-page', () => {
    signInLoads.count += 1;
    return { SignInPage: () => null };
  });
  const { startFirstScreen } = await import('./first-screen');
  const { takeSessionCheck } = await import('./auth/session-api');
  return { startFirstScreen, takeSessionCheck };
}

describe('startFirstScreen and the sign-in screen’s code', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  it('loads it on /signin at once', async () => {
    const { startFirstScreen } = await freshPage();
    mockFetch({});
    startFirstScreen('/signin', createTestQueryClient());
    await vi.waitFor(() => expect(signInLoads.count).toBe(1));
  });

  it('on a members’ address in a browser with no sign of a session, loads it once the server says nobody is signed in', async () => {
    const { startFirstScreen, takeSessionCheck } = await freshPage();
    mockFetch({
      'GET /api/auth': jsonResponse({ error: 'You need to sign in' }, { status: 401 }),
      [`GET /api/posts/${aPost().id}`]: jsonResponse({ error: 'You need to sign in' }, { status: 401 }),
    });
    startFirstScreen(postAddress, createTestQueryClient());
    await expect(takeSessionCheck()).rejects.toBeDefined();
    await vi.waitFor(() => expect(signInLoads.count).toBe(1));
  });

  it('loads none of it for a member who is signed in there', async () => {
    const { startFirstScreen, takeSessionCheck } = await freshPage();
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      [`GET /api/posts/${aPost().id}`]: jsonResponse(aPost()),
    });
    startFirstScreen(postAddress, createTestQueryClient());
    // The control: the check has answered, and a loading started by its outcome would have begun.
    await expect(takeSessionCheck()).resolves.toMatchObject({ id: maria.id });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(signInLoads.count).toBe(0);
  });
});
