import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@web/features/links/test-fixtures';
import { aPost } from '@web/features/posts/post-fixtures';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { timelineRoutes } from './routes';
import { testId } from '@web/test/ids';

const NO_ARRIVAL = { groups: [], inviter: null, suggestions: [] };
const signedIn = {
  'GET /api/auth': jsonResponse(maria),
  'GET /api/groups': jsonResponse([]),
  'GET /api/me/arrival': jsonResponse(NO_ARRIVAL),
};

describe('/dashboard', () => {
  // The screen is lazy: load its code once up front, so a loaded machine's first import does not
  // count against the first test's time.
  beforeAll(async () => {
    await import('./timeline-page');
  }, 30_000);

  it('shows the Timeline title and pages on with the cursor (Load More fallback)', async () => {
    const first = aPost({ id: 'a', tldr: 'First page post' });
    const second = aPost({ id: 'b', tldr: 'Second page post' });
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/posts': (call) =>
        call.url.includes('after=CUR1')
          ? jsonResponse([second], { headers: { 'x-has-next-page': 'false' } })
          : jsonResponse([first], { headers: { 'x-next-cursor': 'CUR1', 'x-has-next-page': 'true' } }),
    });
    renderApp('/dashboard', { features: timelineRoutes });
    expect(await screen.findByRole('heading', { name: 'Timeline', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'First page post' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Second page post' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/posts')).map((call) => call.url)).toEqual([
      '/api/posts',
      '/api/posts?after=CUR1',
    ]);
    expect(screen.getByText('No more posts to load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('invites the member to write the first post when the timeline is empty', async () => {
    mockFetch({
      ...signedIn,
      'GET /api/posts': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/dashboard', { features: timelineRoutes });
    expect(await screen.findByText('Your timeline is waiting for its first story')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write the first post' })).toHaveAttribute('href', '/posts/new');
  });

  it("shows 'An error has occurred: {message}' with Try Again", async () => {
    let fail = true;
    mockFetch({
      ...signedIn,
      'GET /api/posts': () =>
        fail
          ? jsonResponse({ error: 'Timeline is resting' }, { status: 500 })
          : jsonResponse([aPost({ tldr: 'Back again' })], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/dashboard', { features: timelineRoutes });
    expect(await screen.findByText('An error has occurred: Timeline is resting')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Back again' })).toBeInTheDocument());
  });

  it('offers "N new posts" as live events arrive, and loads them without reloading', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let posts = [aPost({ id: 'old', tldr: 'Older post' })];
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/posts': () => jsonResponse(posts, { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/dashboard', { features: timelineRoutes });
    expect(await screen.findByRole('heading', { name: 'Older post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();

    act(() => FakeEventSource.emit({ type: 'post.created', postId: testId('n1'), groupId: null }));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    act(() => FakeEventSource.emit({ type: 'post.created', postId: testId('n2'), groupId: null }));
    act(() => FakeEventSource.emit({ type: 'post.created', postId: testId('n2'), groupId: null }));
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBeInTheDocument();

    posts = [
      aPost({ id: testId('n2'), tldr: 'Newest post' }),
      aPost({ id: testId('n1'), tldr: 'New post' }),
      ...posts,
    ];
    // One way to load them: the refresh button says it, no second control beside it.
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    const control = screen.getByRole('button', { name: '2 new posts' });
    // It stands before the first card (on narrow screens in the list's flow, covering none of it).
    const firstCard = screen.getByRole('heading', { name: 'Older post' });
    expect(control.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(control);
    expect(await screen.findByRole('heading', { name: 'Newest post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new posts?$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/posts')).toHaveLength(2);
  }, 15_000);

  it('welcomes a member who arrived by invitation: their groups and people their inviter follows', async () => {
    localStorage.removeItem('hearth.arrival.dismissed');
    mockFetch({
      ...signedIn,
      'GET /api/me/arrival': jsonResponse({
        groups: [{ id: testId('g1'), name: 'Book Club' }],
        inviter: { name: 'Grace Hopper', username: 'grace', avatar: null, profile_id: testId('grace') },
        suggestions: [
          {
            name: 'Alan Turing',
            username: 'alan',
            avatar: null,
            profile_id: testId('alan'),
            is_following: false,
          },
        ],
      }),
      'GET /api/posts': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/dashboard', { features: timelineRoutes });
    const welcome = await screen.findByRole('region', { name: 'Welcome to Hearth' });
    expect(welcome).toHaveTextContent('Grace Hopper invited you.');
    expect(screen.getByRole('link', { name: 'Book Club' })).toHaveAttribute('href', `/group/${testId('g1')}`);
    expect(screen.getByRole('button', { name: 'Follow Alan Turing' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss welcome' }));
    expect(screen.queryByRole('region', { name: 'Welcome to Hearth' })).not.toBeInTheDocument();
    expect(localStorage.getItem('hearth.arrival.dismissed')).toBe('1');
    localStorage.removeItem('hearth.arrival.dismissed');
  });
});
