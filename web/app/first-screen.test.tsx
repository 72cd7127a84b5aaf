import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exploreRoutes } from '@web/features/explore/routes';
import { aPost } from '@web/features/posts/post-fixtures';
import { postsRoutes } from '@web/features/posts/routes';
import { aPublishedPost } from '@web/features/published/test-fixtures';
import { timelineRoutes } from '@web/features/timeline/routes';
import { heldResponse, jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { createTestQueryClient, renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { holdUntilFirstScreen } from '@web/lib/after-first-screen';
import { queryKeys } from '@web/lib/query-keys';
import { takeSessionCheck } from './auth/session-api';
import { setSessionHint } from './auth/session-hint';
import { startFirstScreen } from './first-screen';

const postPath = '/api/published_posts/tomatoes-are-ripening';
const publishedCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/published_posts'));
const callsTo = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.url.split('?')[0] === path).map((call) => call.url);
const unauthenticated = () => jsonResponse({ error: 'You need to sign in' }, { status: 401 });

describe('startFirstScreen', () => {
  // The screens are lazy: their code is loaded once up front, so a loaded machine's first import
  // does not count against a test's time.
  beforeAll(async () => {
    await Promise.all([
      import('@web/features/timeline/timeline-page'),
      import('@web/features/posts/post-detail-page'),
      import('@web/app/shells/signed-in-shell'),
    ]);
  }, 30_000);

  afterEach(() => {
    setSessionHint(false);
    // A check a test started and no auth provider took is not left for the next test's.
    takeSessionCheck().catch(() => undefined);
  });

  it('starts a published post’s call with the page; the screen then uses it and asks no more', async () => {
    const { route: held, answer } = heldResponse();
    // A visitor: the explore frame asks who is signed in and is told nobody.
    const { calls } = mockFetch({ [`GET ${postPath}`]: held, 'GET /api/auth': unauthenticated });
    const queryClient = createTestQueryClient();
    startFirstScreen('/explore/post/tomatoes-are-ripening', queryClient);
    await waitFor(() => expect(publishedCalls(calls).map((call) => call.url)).toEqual([postPath]));

    renderApp('/explore/post/tomatoes-are-ripening', { features: exploreRoutes, queryClient });
    expect(await screen.findByText('Loading published post...')).toBeInTheDocument();
    answer(jsonResponse(aPublishedPost()));
    expect(
      await screen.findByRole('heading', { name: 'Tomatoes are ripening', level: 1 }),
    ).toBeInTheDocument();
    expect(publishedCalls(calls)).toHaveLength(1);
  });

  it('starts the feed’s first page on / and /feed', async () => {
    for (const path of ['/', '/feed']) {
      const { calls } = mockFetch({
        'GET /api/published_posts': jsonResponse([aPublishedPost()]),
        'GET /api/auth': unauthenticated,
      });
      const queryClient = createTestQueryClient();
      startFirstScreen(path, queryClient);
      await waitFor(() =>
        expect(publishedCalls(calls).map((call) => call.url)).toEqual(['/api/published_posts?limit=1']),
      );
      renderApp(path, { features: exploreRoutes, queryClient });
      expect(await screen.findByRole('heading', { name: 'Tomatoes are ripening' })).toBeInTheDocument();
      expect(publishedCalls(calls)).toHaveLength(1);
    }
  });

  it('starts the session check and the timeline’s first page together on /dashboard; the app uses both', async () => {
    const { route: held, answer } = heldResponse();
    const { calls } = mockFetch({
      'GET /api/auth': held,
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': jsonResponse([aPost({ tldr: 'Soup night on Friday' })]),
    });
    const queryClient = createTestQueryClient();
    startFirstScreen('/dashboard', queryClient);
    // Both leave before the server has said who is signed in.
    await waitFor(() => expect(callsTo(calls, '/api/posts')).toEqual(['/api/posts']));
    expect(callsTo(calls, '/api/auth')).toEqual(['/api/auth']);
    answer(jsonResponse(maria));

    renderApp('/dashboard', { features: timelineRoutes, queryClient });
    expect(await screen.findByRole('heading', { name: 'Soup night on Friday' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/auth')).toHaveLength(1);
    expect(callsTo(calls, '/api/posts')).toHaveLength(1);
  });

  it('on /dashboard the frame’s own calls wait until the timeline has drawn its posts', async () => {
    const { route: heldPosts, answer: answerPosts } = heldResponse();
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': heldPosts,
    });
    const queryClient = createTestQueryClient();
    // Longer than any wait below: the calls go because the timeline drew, not because time passed.
    holdUntilFirstScreen(60_000);
    startFirstScreen('/dashboard', queryClient);
    renderApp('/dashboard', { features: timelineRoutes, queryClient });
    // Positive control: the frame is drawn (its badges and switcher would have asked by now) and
    // the timeline's call has left.
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/posts')).toEqual(['/api/posts']);
    expect(callsTo(calls, '/api/groups')).toEqual([]);
    expect(callsTo(calls, '/api/me/counts')).toEqual([]);

    answerPosts(jsonResponse([aPost({ tldr: 'Soup night on Friday' })]));
    expect(await screen.findByRole('heading', { name: 'Soup night on Friday' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, '/api/groups')).toHaveLength(1));
    await waitFor(() => expect(callsTo(calls, '/api/me/counts')).toHaveLength(1));
  });

  it('starts a post’s call with the session check on /post/{id}; the frame’s calls wait until it has drawn', async () => {
    const { route: heldPost, answer: answerPost } = heldResponse();
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts/p1': heldPost,
      'GET /api/posts/p1/comments': jsonResponse([]),
    });
    const queryClient = createTestQueryClient();
    holdUntilFirstScreen(60_000);
    for (const path of ['/post/p1', '/post/p1/photo/1']) startFirstScreen(path, queryClient);
    // Both leave before anything is drawn; the photo's address starts the same query, not a second call.
    await waitFor(() => expect(callsTo(calls, '/api/posts/p1')).toEqual(['/api/posts/p1']));
    expect(callsTo(calls, '/api/auth')).toEqual(['/api/auth']);

    renderApp('/post/p1', { features: postsRoutes, queryClient });
    // Positive control: the frame is drawn (its badges and switcher would have asked by now).
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/groups')).toEqual([]);
    expect(callsTo(calls, '/api/me/counts')).toEqual([]);

    answerPost(jsonResponse(aPost({ id: 'p1', tldr: 'Soup night on Friday' })));
    expect(await screen.findByRole('heading', { name: 'Soup night on Friday' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, '/api/groups')).toHaveLength(1));
    expect(callsTo(calls, '/api/posts/p1')).toHaveLength(1);
    expect(callsTo(calls, '/api/auth')).toHaveLength(1);
  });

  it('on a post’s page, asks for its first two rows of photos once the post answers, as the grid then draws them', async () => {
    const photo = (n: number, width: number, height: number) => ({
      id: `f${n}`,
      url: `/api/files/f${n}`,
      thumbnail_url: `/api/files/f${n}?variant=thumbnail`,
      name: `photo-${n}.jpg`,
      content_type: 'image/webp',
      size: 1000,
      width,
      height,
      alt: `Photo number ${n}`,
      duration_ms: null,
      poster_url: null,
      sizes: [
        { width: 480, url: `/api/files/f${n}?variant=w480` },
        { width: 960, url: `/api/files/f${n}?variant=thumbnail` },
        { width, url: `/api/files/f${n}` },
      ],
    });
    const files = [1, 2, 3, 4, 5, 6, 7].map((n) => (n % 2 ? photo(n, 1600, 1200) : photo(n, 1200, 1600)));
    const { route: heldPost, answer: answerPost } = heldResponse();
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts/p2': heldPost,
      'GET /api/posts/p2/comments': jsonResponse([]),
    });
    const queryClient = createTestQueryClient();
    holdUntilFirstScreen(60_000);
    startFirstScreen('/post/p2', queryClient);
    const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(preloads()).toEqual([]);

    answerPost(jsonResponse(aPost({ id: 'p2', tldr: 'The hike', files })));
    // The first two rows (six photos), before anything is drawn; each tile's share of its row.
    await waitFor(() => expect(preloads()).toHaveLength(6));
    expect(preloads().map((link) => link.getAttribute('imagesizes'))).toEqual([
      '(min-width: 768px) 285px, 40vw',
      '(min-width: 768px) 161px, 22vw',
      '(min-width: 768px) 285px, 40vw',
      '(min-width: 768px) 194px, 27vw',
      '(min-width: 768px) 344px, 48vw',
      '(min-width: 768px) 194px, 27vw',
    ]);
    expect(preloads()[0]).toHaveAttribute('fetchpriority', 'high');

    renderApp('/post/p2', { features: postsRoutes, queryClient });
    const first = await screen.findByRole('img', { name: 'Photo number 1' });
    // The same srcset and sizes as the preload, so the browser fetches each once.
    for (const [i, link] of preloads().entries()) {
      const img = screen.getByRole('img', { name: `Photo number ${i + 1}` });
      expect(img).toHaveAttribute('srcset', link.getAttribute('imagesrcset'));
      expect(img).toHaveAttribute('sizes', link.getAttribute('imagesizes'));
      expect(img).toHaveAttribute('fetchpriority', 'high');
    }
    expect(first).toHaveAttribute('src', '/api/files/f1?variant=thumbnail');
    expect(screen.getByRole('img', { name: 'Photo number 7' })).not.toHaveAttribute('fetchpriority');
    for (const link of preloads()) link.remove();
  });

  it('starts the timeline for a returning member on /, who is sent there', async () => {
    setSessionHint(true);
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': jsonResponse([aPost({ tldr: 'Soup night on Friday' })]),
    });
    const queryClient = createTestQueryClient();
    startFirstScreen('/', queryClient);
    await waitFor(() => expect(callsTo(calls, '/api/posts')).toEqual(['/api/posts']));
    expect(publishedCalls(calls)).toEqual([]);

    renderApp('/', { features: [...exploreRoutes, ...timelineRoutes], queryClient });
    expect(await screen.findByRole('heading', { name: 'Soup night on Friday' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(callsTo(calls, '/api/auth')).toHaveLength(1);
    expect(callsTo(calls, '/api/posts')).toHaveLength(1);
  });

  it('readies the member’s clock once the server has said who is signed in, before anything draws', async () => {
    const formats = vi.spyOn(Intl, 'DateTimeFormat');
    mockFetch({
      'GET /api/auth': jsonResponse({ ...maria, time_zone: 'Asia/Kathmandu' }),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': jsonResponse([]),
    });
    startFirstScreen('/dashboard', createTestQueryClient());
    await waitFor(() =>
      expect(formats.mock.calls.map(([, options]) => options?.timeZone)).toContain('Asia/Kathmandu'),
    );
    formats.mockRestore();
  });

  it('leaves the early timeline call’s 401 to the session check, which sends a visitor to sign in', async () => {
    const { route: held, answer } = heldResponse();
    const { calls } = mockFetch({
      'GET /api/auth': held,
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': unauthenticated(),
    });
    const queryClient = createTestQueryClient();
    startFirstScreen('/dashboard', queryClient);
    renderApp('/dashboard', { features: timelineRoutes, queryClient });
    // The control: the timeline's call has had its 401 (a redirecting call would be at /signin now).
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.posts.timeline())?.status).toBe('error'));
    expect(window.location.pathname).toBe('/dashboard');
    answer(unauthenticated());
    await waitFor(() => expect(window.location.pathname).toBe('/signin'));
    expect(callsTo(calls, '/api/auth')).toHaveLength(1);
    expect(callsTo(calls, '/api/posts')).toHaveLength(1);
  });

  it('starts nothing elsewhere, and no session check on visitors’ pages', async () => {
    const { calls } = mockFetch({ 'GET /api/auth': unauthenticated });
    for (const path of ['/explore', '/explore/post', '/feedback', '/signin']) {
      const queryClient = createTestQueryClient();
      startFirstScreen(path, queryClient);
      // A started query is in the cache at once (prefetching builds it before fetching).
      expect(queryClient.getQueryCache().getAll(), path).toEqual([]);
    }
    // The control for the calls: a members' page does ask who is signed in.
    startFirstScreen('/groups', createTestQueryClient());
    await waitFor(() => expect(callsTo(calls, '/api/auth')).toEqual(['/api/auth']));
    expect(calls.map((call) => call.url)).toEqual(['/api/auth']);
    // The control: a page that does start one has it in the cache on return.
    const queryClient = createTestQueryClient();
    mockFetch({ [`GET ${postPath}`]: jsonResponse(aPublishedPost()) });
    startFirstScreen('/explore/post/tomatoes-are-ripening', queryClient);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
  });
});
