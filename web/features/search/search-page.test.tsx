import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPost } from '@web/features/posts/post-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { nextSearchQuery } from './messages';
import { searchRoutes } from './routes';
import { testId } from '@web/test/ids';

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

  it('takes a pasted paragraph of 1,000 characters and sends it whole', async () => {
    const { calls } = mockFetch({ ...signedIn, 'POST /api/search': jsonResponse([aPost()]) });
    renderApp('/search', { features: searchRoutes });
    const quotation = 'It was the best of times, it was the worst of times. '
      .repeat(20)
      .slice(0, 1000)
      .trim();
    await submit(quotation);
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    expect(searches(calls)[0]!.body).toEqual({ query: quotation });
    const box = screen.getByRole('searchbox', { name: 'Search posts' });
    expect(box).toHaveAttribute('maxlength', '1000');
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

  it('shows links, people and groups in their tabs with matches marked, markup kept as text', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/search': jsonResponse([]),
      'POST /api/search/all': jsonResponse({
        links: [
          {
            id: testId('l1'),
            url: 'https://example.com/a',
            domain: 'example.com',
            title: [
              { text: 'Tomato ', match: true },
              { text: '<img src=x onerror=alert(1)>', match: false },
            ],
            snippet: [{ text: 'grow tomato plants', match: false }],
            username: 'ana',
            name: 'Ana Lee',
            created_at: '2026-11-01T10:00:00.000Z',
          },
        ],
        people: [
          {
            profile_id: testId('u1'),
            username: [{ text: 'tomasz', match: true }],
            name: [{ text: 'Tomasz Nowak', match: false }],
            avatar: null,
          },
        ],
        groups: [],
      }),
    });
    const { router } = renderApp('/search?q=tomato', { features: searchRoutes });
    fireEvent.click(await screen.findByRole('tab', { name: 'Links' }));
    const title = await screen.findByRole('link', { name: /Tomato/ });
    expect(title.querySelector('mark')).toHaveTextContent('Tomato');
    expect(title).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(router.state.location.search).toBe('?q=tomato&tab=links');
    expect(calls.filter((call) => call.url === '/api/search/all')[0]!.body).toEqual({ query: 'tomato' });

    fireEvent.click(screen.getByRole('tab', { name: 'People' }));
    expect(await screen.findByRole('link', { name: 'Tomasz Nowak' })).toHaveAttribute(
      'href',
      `/profiles/${testId('u1')}`,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Groups' }));
    expect(await screen.findByText('No groups found')).toBeInTheDocument();
    // Switching tabs asks the server once per query.
    expect(calls.filter((call) => call.url === '/api/search/all')).toHaveLength(1);
  });
});
