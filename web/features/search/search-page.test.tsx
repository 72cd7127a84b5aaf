import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPost } from '@web/features/posts/post-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { nextSearchQuery } from './messages';
import { searchRoutes } from './routes';

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };
const searches = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/search');

async function submit(text: string) {
  const box = await screen.findByRole('searchbox', { name: 'Search posts' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box.closest('form')!);
}

describe('/search', () => {
  it('sends a query only when non-blank and different from the last one', () => {
    expect(nextSearchQuery('  ', null)).toBeNull();
    expect(nextSearchQuery(' tomatoes ', null)).toBe('tomatoes');
    expect(nextSearchQuery('tomatoes', 'tomatoes')).toBeNull();
    expect(nextSearchQuery('tomatoes ', 'tomatoes')).toBeNull();
    expect(nextSearchQuery('bread', 'tomatoes')).toBe('bread');
  });

  it('submits on Enter with POST /api/search {query} and shows the results as post cards', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/search': jsonResponse([aPost({ tldr: 'Tomato tips' })]),
    });
    const { router } = renderApp('/search', { features: searchRoutes });
    await submit('tomato');
    expect(await screen.findByRole('heading', { name: 'Tomato tips' })).toBeInTheDocument();
    expect(searches(calls)[0]!.body).toEqual({ query: 'tomato' });
    expect(router.state.location.search).toBe('?q=tomato');
  });

  it('does not send the same query twice in a row, nor a blank one', async () => {
    const { calls } = mockFetch({ ...signedIn, 'POST /api/search': jsonResponse([aPost()]) });
    renderApp('/search', { features: searchRoutes });
    await submit('tomato');
    await screen.findByRole('heading', { name: aPost().tldr });
    await submit('tomato');
    await submit('  tomato  ');
    await submit('   ');
    expect(searches(calls)).toHaveLength(1);

    await submit('bread');
    await waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(searches(calls)[1]!.body).toEqual({ query: 'bread' });
  });

  it("shows 'No posts found' when nothing matches", async () => {
    mockFetch({ ...signedIn, 'POST /api/search': jsonResponse([]) });
    renderApp('/search?q=zebra', { features: searchRoutes });
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('zebra');
  });

  it("shows 'Error: {message}' when the search fails", async () => {
    mockFetch({
      ...signedIn,
      'POST /api/search': jsonResponse({ error: 'Search is resting' }, { status: 503 }),
    });
    renderApp('/search', { features: searchRoutes });
    await submit('tomato');
    expect(await screen.findByText('Error: Search is resting')).toBeInTheDocument();
  });
});
