import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aPublishedPost } from '@web/features/published/test-fixtures';
import { heldResponse, jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { exploreRoutes } from './routes';
// Loaded up front, so the route-lazy screen appears without a cold-compile wait.
import './published-post-page';
import { testId } from '@web/test/ids';

// Times on screen are worked out against the clock (<Time>): this file's clock starts at a set time.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-22T10:05:00Z'), toFake: ['Date'], shouldAdvanceTime: true });
});

const path = '/api/published_posts/tomatoes-are-ripening';
const postCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url === path);

function renderPost() {
  return renderApp('/explore/post/tomatoes-are-ripening', { features: exploreRoutes });
}

describe('/explore/post/{id or slug}', () => {
  it('shows author, time, title, Markdown content and the counts; invites visitors to join', async () => {
    const { route: held, answer } = heldResponse();
    mockFetch({ [`GET ${path}`]: held });
    renderPost();
    expect(await screen.findByText('Loading published post...')).toBeInTheDocument();
    answer(jsonResponse(aPublishedPost({ likes_count: 2, comments_count: 1 })));
    expect(
      await screen.findByRole('heading', { name: 'Tomatoes are ripening', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Theo Lindqvist' })).toHaveAttribute(
      'href',
      '/explore/profiles/33333333-3333-4333-8333-333333333333',
    );
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('San Marzano', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('2 likes')).toBeInTheDocument();
    expect(screen.getByText('1 comment')).toBeInTheDocument();
    expect(screen.getByText('Sign in to interact with this post')).toBeInTheDocument();
    const join = screen.getByRole('heading', { name: 'Want to join the conversation?' }).parentElement!;
    expect(within(join).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(within(join).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/invitation');
    // Read-only: nothing to like or comment with.
    expect(screen.queryByRole('button', { name: /like/i })).not.toBeInTheDocument();
  });

  it("words the counts in the singular and plural: '1 like', '0 comments'", async () => {
    mockFetch({ [`GET ${path}`]: jsonResponse(aPublishedPost({ likes_count: 1, comments_count: 0 })) });
    renderPost();
    expect(await screen.findByText('1 like')).toBeInTheDocument();
    expect(screen.getByText('0 comments')).toBeInTheDocument();
  });

  it('shows an image inline with a Download link, and other files as a download', async () => {
    mockFetch({
      [`GET ${path}`]: jsonResponse(
        aPublishedPost({
          file_url: '/files/f1',
          file_name: 'tomatoes.jpg',
          has_image: true,
          file_size: 2048,
        }),
      ),
    });
    renderPost();
    expect(await screen.findByRole('img', { name: /tomatoes\.jpg/ })).toHaveAttribute('src', '/files/f1');
    expect(screen.getByRole('link', { name: /Download/ })).toHaveAttribute('href', '/files/f1');
  });

  it('offers a download for a file that is not an image', async () => {
    mockFetch({
      [`GET ${path}`]: jsonResponse(
        aPublishedPost({ file_url: '/files/f2', file_name: 'recipe.pdf', has_image: false, file_size: 4096 }),
      ),
    });
    renderPost();
    const download = await screen.findByRole('link', { name: /recipe\.pdf/ });
    expect(download).toHaveAttribute('href', '/files/f2');
    expect(download).toHaveTextContent('Download');
    expect(screen.queryByRole('img', { name: /recipe/ })).not.toBeInTheDocument();
  });

  it('a 404 is not retried: the message, Try Again and Back to Published Posts', async () => {
    const { calls } = mockFetch({ [`GET ${path}`]: jsonResponse({ error: 'Not found.' }, { status: 404 }) });
    renderPost();
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getAllByText('Not found.')).toHaveLength(1);
    expect(postCalls(calls)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Published Posts' })).toHaveAttribute('href', '/explore');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('Try Again asks once more', async () => {
    let answer = jsonResponse({ error: 'Not found.' }, { status: 404 });
    const { calls } = mockFetch({ [`GET ${path}`]: () => answer });
    renderPost();
    await screen.findByText('Not found.');
    answer = jsonResponse(aPublishedPost());
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { name: 'Tomatoes are ripening', level: 1 }),
    ).toBeInTheDocument();
    expect(postCalls(calls)).toHaveLength(2);
  });

  it("a 429 reads 'Rate limited. Please try again in N seconds.' and is asked only once", async () => {
    const { calls } = mockFetch({
      [`GET ${path}`]: jsonResponse({}, { status: 429, headers: { 'retry-after': '17' } }),
    });
    renderPost();
    expect(await screen.findByText('Rate limited. Please try again in 17 seconds.')).toBeInTheDocument();
    expect(postCalls(calls)).toHaveLength(1);
  });

  it("other failures are retried twice, then read as the message (or 'An error occurred while loading this post')", async () => {
    const { calls } = mockFetch({ [`GET ${path}`]: () => new Response('', { status: 500 }) });
    renderPost();
    // Two retries with TanStack's back-off (1 s, then 2 s).
    expect(
      await screen.findByText('Server error. Please try again later.', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(postCalls(calls)).toHaveLength(3);
  }, 10_000);

  it('members see no invitation to sign in', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    mockFetch({
      'GET /api/auth': jsonResponse({
        id: testId('u1'),
        username: 'maria',
        email: 'maria@example.com',
        first_name: 'Maria',
        last_name: 'Okafor',
        name: 'Maria Okafor',
        avatar: null,
        initials: 'MO',
        is_admin: false,
      }),
      'GET /api/groups': jsonResponse([]),
      [`GET ${path}`]: jsonResponse(aPublishedPost()),
    });
    renderPost();
    await screen.findByRole('heading', { name: 'Tomatoes are ripening', level: 1 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument());
    expect(screen.queryByText('Sign in to interact with this post')).not.toBeInTheDocument();
    expect(screen.queryByText('Want to join the conversation?')).not.toBeInTheDocument();
  });
});
