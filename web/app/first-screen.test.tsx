import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exploreRoutes } from '@web/features/explore/routes';
import { aPublishedPost } from '@web/features/published/test-fixtures';
import { heldResponse, jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { createTestQueryClient, renderApp } from '@web/test/render-app';
import { startFirstScreen } from './first-screen';

const postPath = '/api/published_posts/tomatoes-are-ripening';
const publishedCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/published_posts'));

describe('startFirstScreen', () => {
  it('starts a published post’s call with the page; the screen then uses it and asks no more', async () => {
    const { route: held, answer } = heldResponse();
    const { calls } = mockFetch({ [`GET ${postPath}`]: held });
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
      const { calls } = mockFetch({ 'GET /api/published_posts': jsonResponse([aPublishedPost()]) });
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

  it('starts nothing elsewhere', () => {
    for (const path of ['/dashboard', '/explore', '/explore/post', '/feedback', '/signin']) {
      const queryClient = createTestQueryClient();
      startFirstScreen(path, queryClient);
      // A started query is in the cache at once (prefetching builds it before fetching).
      expect(queryClient.getQueryCache().getAll(), path).toEqual([]);
    }
    // The control: a page that does start one has it in the cache on return.
    const queryClient = createTestQueryClient();
    mockFetch({ [`GET ${postPath}`]: jsonResponse(aPublishedPost()) });
    startFirstScreen('/explore/post/tomatoes-are-ripening', queryClient);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
  });
});
