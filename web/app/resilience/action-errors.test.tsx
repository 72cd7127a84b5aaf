import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inboxRoutes } from '@web/features/inbox/routes';
import { aNotification } from '@web/features/inbox/test-fixtures';
import { aPost } from '@web/features/posts/post-fixtures';
import { postsRoutes } from '@web/features/posts/routes';
import { timelineRoutes } from '@web/features/timeline/routes';
import { actionFailureMessage } from '@web/lib/action-errors';
import { ApiError } from '@web/lib/api-errors';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';

const post = aPost({ likes_count: 2, liked_by_current_user: false });
const signedIn = {
  'GET /api/auth': jsonResponse(maria),
  'GET /api/groups': jsonResponse([]),
  'GET /api/posts': jsonResponse([post], { headers: { 'x-has-next-page': 'false' } }),
  // The failed call makes the app check whether the server is there at all: it is.
  'GET /api/health': jsonResponse({ status: 'ok' }),
};
const features = [...timelineRoutes, ...postsRoutes];

describe('a failed action says so', () => {
  it("a like that cannot reach the server, the browser online, reverts and says Hearth isn't answering", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: (response: Response) => void = () => {};
    mockFetch({
      ...signedIn,
      [`POST /api/posts/${post.id}/likes`]: () =>
        new Promise<Response>((_resolve, reject) => {
          answer = () => reject(new TypeError('Failed to fetch'));
        }),
    });
    renderApp('/dashboard', { features });
    fireEvent.click(await screen.findByRole('button', { name: '2 likes' }, { timeout: 8000 }));
    expect(screen.getByRole('button', { name: '3 likes' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/Couldn't like the post/)).toBeNull();

    await act(async () => answer(new Response()));
    expect(
      await screen.findByText(
        "Couldn't like the post. Hearth isn't answering; please try again in a moment.",
      ),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: '2 likes' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
  }, 20_000);

  it('an unlike the server refuses reverts and gives its reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const liked = aPost({ likes_count: 3, liked_by_current_user: true });
    mockFetch({
      ...signedIn,
      'GET /api/posts': jsonResponse([liked], { headers: { 'x-has-next-page': 'false' } }),
      [`DELETE /api/posts/${post.id}/likes`]: jsonResponse({ error: 'Post not found.' }, { status: 404 }),
    });
    renderApp('/dashboard', { features });
    fireEvent.click(await screen.findByRole('button', { name: '3 likes' }, { timeout: 8000 }));
    expect(await screen.findByText(/^Couldn't unlike the post\. /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 likes' })).toHaveAttribute('aria-pressed', 'true');
  }, 20_000);

  it('a refresh of the timeline that fails keeps the posts and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    mockFetch({
      ...signedIn,
      'GET /api/posts': () =>
        fail
          ? jsonResponse({ error: 'Bad gateway' }, { status: 502 })
          : jsonResponse([post], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/dashboard', { features });
    expect(await screen.findByText(post.tldr, undefined, { timeout: 8000 })).toBeInTheDocument();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText(
        "Couldn't refresh the timeline. Hearth isn't answering; please try again in a moment.",
        undefined,
        {
          timeout: 8000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(post.tldr)).toBeInTheDocument();
  }, 25_000);
});

describe('actionFailureMessage', () => {
  it('asks to check the connection only when offline, to wait when Hearth did not answer, else gives the reason', () => {
    const failure = "Couldn't like the post.";
    const network = new ApiError({ kind: 'network', message: 'Network error.' });
    const gateway = new ApiError({ kind: 'http', status: 503, message: 'Service unavailable.' });
    const refused = new ApiError({ kind: 'http', status: 403, message: 'Not allowed.' });
    const broken = new ApiError({ kind: 'http', status: 500, message: 'Server error.' });
    const waitAMoment = `${failure} Hearth isn't answering; please try again in a moment.`;
    expect(actionFailureMessage(failure, network)).toBe(waitAMoment);
    expect(actionFailureMessage(failure, gateway)).toBe(waitAMoment);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(actionFailureMessage(failure, network)).toBe(`${failure} Check your connection and try again.`);
    onLine.mockRestore();
    expect(actionFailureMessage(failure, refused)).toBe(`${failure} Not allowed.`);
    expect(actionFailureMessage(failure, broken)).toBe(`${failure} Please try again.`);
    expect(actionFailureMessage(failure, new Error('x'))).toBe(`${failure} Please try again.`);
  });
});

describe('a mutation that names its failure', () => {
  it('shows it through the same toast (Mark all as read)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unread = aNotification();
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/notifications': jsonResponse([unread], { headers: { 'x-has-next-page': 'false' } }),
      'POST /api/notifications/read_all': jsonResponse({ error: 'Forbidden.' }, { status: 403 }),
    });
    renderApp('/inbox', { features: inboxRoutes });
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' }, { timeout: 8000 });
    await waitFor(() => expect(markAll).toBeEnabled());
    fireEvent.click(markAll);
    expect(await screen.findByText(/^Couldn't mark your notifications as read\. /)).toBeInTheDocument();
  }, 20_000);
});
