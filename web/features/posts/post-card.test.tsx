import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@shared/api/posts';
import { timelineRoutes } from '@web/features/timeline/routes';
import { queryKeys } from '@web/lib/query-keys';
import { findDialog, findMenuItem } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { PostCard } from './components/post-card';
import { commentsLabel, contentPreview, likesLabel } from './messages';
import { aPost } from './post-fixtures';
import { postsRoutes } from './routes';
import { testId } from '@web/test/ids';

// Times on screen are worked out against the clock (<Time>): this file's clock starts at a set time.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-22T10:05:00Z'), toFake: ['Date'], shouldAdvanceTime: true });
});

function renderCard(post: Post) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <PostCard post={post} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

function likeButton() {
  return screen.getByRole('button', { name: /\d+ likes?/ });
}

/** A fetch answer the test releases when it wants. */
function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('post card preview', () => {
  it('shows the first 200 characters of the content plus an ellipsis', () => {
    const long = 'a'.repeat(250);
    expect(contentPreview(long)).toBe(`${'a'.repeat(200)}...`);
    expect(contentPreview('a'.repeat(200))).toBe('a'.repeat(200));
    expect(contentPreview('short')).toBe('short');
    // A link cut in half would show its brackets: the cut moves back to before it.
    expect(contentPreview(`${'a'.repeat(190)} [a link](https://example.org)`)).toBe(`${'a'.repeat(190)}...`);
    expect(contentPreview(`${'a'.repeat(150)} [a link](https://example.org) ${'b'.repeat(60)}`)).toBe(
      `${'a'.repeat(150)} [a link](https://example.org) ${'b'.repeat(19)}...`,
    );

    mockFetch({});
    renderCard(aPost({ content: `${'b'.repeat(199)}c${'d'.repeat(50)}` }));
    expect(screen.getByText(`${'b'.repeat(199)}c...`)).toBeInTheDocument();
    expect(screen.queryByText(/d{2}/)).not.toBeInTheDocument();
  });

  it('draws the preview the server rendered (content_preview_html) with its own link and mention rules', () => {
    mockFetch({});
    renderCard(
      aPost({
        content: 'The Markdown, which the card does not parse',
        content_preview_html:
          '<p><strong>Bread</strong> for @ada, <a href="javascript:alert(1)">tap</a>' +
          '<img src="x" onerror="alert(1)"></p><script>window.ran = true</script>',
        mentions: [{ username: 'ada', profile_id: testId('ada') }],
      }),
    );
    expect(screen.getByText('Bread', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByText(/which the card does not parse/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@ada' })).toHaveAttribute('href', `/profiles/${testId('ada')}`);
    expect(screen.queryByRole('link', { name: 'tap' })).not.toBeInTheDocument();
    expect(screen.getByText('tap')).not.toHaveAttribute('href');
    const article = screen.getByRole('article');
    expect(article.querySelector('script, img, [onerror]')).toBeNull();
  });

  it('renders Markdown with raw HTML skipped and safe links', () => {
    mockFetch({});
    renderCard(
      aPost({
        content: 'Hello <b>raw</b> [site](https://example.org/x) [bad](javascript:alert(1)) [here](/post/2)',
      }),
    );
    expect(screen.queryByText('raw', { selector: 'b' })).not.toBeInTheDocument();
    const external = screen.getByRole('link', { name: 'site' });
    expect(external).toHaveAttribute('href', 'https://example.org/x');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'ugc nofollow noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(screen.getByText('bad')).not.toHaveAttribute('href');
    const internal = screen.getByRole('link', { name: 'here' });
    expect(internal).not.toHaveAttribute('target');
    expect(internal).toHaveAttribute('rel', 'ugc nofollow noopener noreferrer');
  });

  it('shows author, @username, group badge and time, linking to the profile and the group', () => {
    mockFetch({});
    const post = aPost();
    renderCard(post);
    expect(screen.getByRole('link', { name: 'Theo Lindqvist' })).toHaveAttribute(
      'href',
      `/profiles/${post.profile_id}`,
    );
    expect(screen.getByText('@theo').closest('a')).toHaveAttribute('href', `/profiles/${post.profile_id}`);
    expect(screen.getByRole('link', { name: 'Garden Club' })).toHaveAttribute(
      'href',
      `/group/${post.group_id}`,
    );
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tomatoes are ripening' })).toBeInTheDocument();
  });

  it('shows the whole image thumbnail, opening full screen, when has_image, a download link otherwise, and nothing without a URL', () => {
    mockFetch({});
    renderCard(
      aPost({
        file_url: '/files/a.png',
        file_name: 'a.png',
        has_image: true,
        thumbnail_url: '/files/a-small.png',
      }),
    );
    const image = screen.getByRole('img', { name: 'Attachment: a.png' });
    expect(image).toHaveAttribute('src', '/files/a-small.png');
    expect(image).toHaveClass('object-contain');
    expect(image.closest('button')).toHaveAttribute('aria-haspopup', 'dialog');
    cleanup();
    renderCard(aPost({ file_url: '/files/b.pdf', file_name: 'b.pdf', has_image: false }));
    expect(screen.getByRole('link', { name: /b\.pdf/ })).toHaveAttribute('href', '/files/b.pdf');
    cleanup();
    renderCard(aPost({ file_url: null, file_name: 'c.pdf' }));
    expect(screen.queryByText('c.pdf')).not.toBeInTheDocument();
  });

  it('opens /post/{id} when the card body is clicked', async () => {
    mockFetch({});
    const post = aPost();
    const { router } = renderCard(post);
    fireEvent.click(screen.getByText('San Marzano'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${post.id}`));
  });
});

describe('post card wording', () => {
  it("says '1 like' / '2 likes' and '1 comment' / '3 comments'", () => {
    expect([likesLabel(0), likesLabel(1), likesLabel(2)]).toEqual(['0 likes', '1 like', '2 likes']);
    expect([commentsLabel(0), commentsLabel(1), commentsLabel(3)]).toEqual([
      '0 comments',
      '1 comment',
      '3 comments',
    ]);

    mockFetch({});
    renderCard(aPost({ likes_count: 1, comments_count: 1 }));
    expect(screen.getByRole('button', { name: '1 like' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 comment' })).toBeInTheDocument();
  });

  it('uses the plural for other counts', () => {
    mockFetch({});
    renderCard(aPost({ likes_count: 2, comments_count: 3 }));
    expect(screen.getByRole('button', { name: '2 likes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 comments' })).toHaveAttribute(
      'href',
      '/post/11111111-1111-4111-8111-111111111111#comments',
    );
  });
});

describe('post card like', () => {
  it('counts the like at once and reverts when the call fails (logged; the app toast says so)', async () => {
    const answer = deferred();
    const { calls } = mockFetch({
      'POST /api/posts/11111111-1111-4111-8111-111111111111/likes': () => answer.promise,
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCard(aPost({ likes_count: 2, liked_by_current_user: false }));

    fireEvent.click(likeButton());
    expect(likeButton()).toHaveTextContent('3 likes');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toHaveLength(1);

    await act(async () => answer.resolve(jsonResponse({ error: 'Server error' }, { status: 500 })));
    await waitFor(() => expect(likeButton()).toHaveTextContent('2 likes'));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('unlikes at once (count − 1) and keeps the server count on success', async () => {
    const answer = deferred();
    const { calls } = mockFetch({
      'DELETE /api/posts/11111111-1111-4111-8111-111111111111/likes': () => answer.promise,
    });
    renderCard(aPost({ likes_count: 1, liked_by_current_user: true }));
    fireEvent.click(likeButton());
    expect(likeButton()).toHaveTextContent('0 likes');
    await act(async () => answer.resolve(jsonResponse({ liked: false, likes_count: 4 })));
    await waitFor(() => expect(likeButton()).toHaveTextContent('4 likes'));
    expect(calls[0]!.method).toBe('DELETE');
  });

  it('ignores clicks while a call is in flight', async () => {
    const answer = deferred();
    const { calls } = mockFetch({
      'POST /api/posts/11111111-1111-4111-8111-111111111111/likes': () => answer.promise,
    });
    renderCard(aPost({ likes_count: 2 }));
    fireEvent.click(likeButton());
    fireEvent.click(likeButton());
    fireEvent.click(likeButton());
    expect(likeButton()).toHaveTextContent('3 likes');
    expect(calls).toHaveLength(1);

    await act(async () => answer.resolve(jsonResponse({ liked: true, likes_count: 3 })));
    await waitFor(() => expect(likeButton()).not.toHaveAttribute('aria-busy'));
    expect(likeButton()).toHaveTextContent('3 likes');
    expect(calls).toHaveLength(1);

    // Once the call is over, a click is a new toggle.
    const second = deferred();
    mockFetch({ 'DELETE /api/posts/11111111-1111-4111-8111-111111111111/likes': () => second.promise });
    fireEvent.click(likeButton());
    expect(likeButton()).toHaveTextContent('2 likes');
  });
});

describe('post card in the timeline', () => {
  const post = aPost();
  const signedIn = {
    'GET /api/auth': jsonResponse(maria),
    'GET /api/groups': jsonResponse([]),
    // The dashboard's welcome card asks who invited the member (nobody here).
    'GET /api/me/arrival': jsonResponse({ groups: [], inviter: null, suggestions: [] }),
    'GET /api/posts': jsonResponse([post], { headers: { 'x-has-next-page': 'false' } }),
  };
  const features = [...timelineRoutes, ...postsRoutes];

  it('updates the timeline and the detail caches when liked', async () => {
    const answer = deferred();
    mockFetch({ ...signedIn, [`POST /api/posts/${post.id}/likes`]: () => answer.promise });
    const { queryClient } = renderApp('/dashboard', { features });
    queryClient.setQueryData(queryKeys.posts.detail(post.id), post);
    fireEvent.click(await screen.findByRole('button', { name: '2 likes' }));
    expect(queryClient.getQueryData<Post>(queryKeys.posts.detail(post.id))?.likes_count).toBe(3);
    expect(queryClient.getQueryData<Post>(queryKeys.posts.detail(post.id))?.liked_by_current_user).toBe(true);
    await act(async () => answer.resolve(jsonResponse({ liked: true, likes_count: 3 })));
    expect(screen.getByRole('button', { name: '3 likes' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('Ignore hides the post through the API and takes it off the list', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      [`POST /api/posts/${post.id}/ignore`]: jsonResponse({ ignored: true }),
    });
    renderApp('/dashboard', { features });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post options' }));
    await user.click(await findMenuItem({ name: 'Ignore' }));
    expect(await screen.findByText("Post hidden. You won't see it again.")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: post.tldr })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === `/api/posts/${post.id}/ignore`)).toBe(
      true,
    );
  });

  it('Undo after Ignore shows the post again', async () => {
    let ignored = false;
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/posts': () =>
        jsonResponse(ignored ? [] : [post], { headers: { 'x-has-next-page': 'false' } }),
      [`POST /api/posts/${post.id}/ignore`]: () => {
        ignored = true;
        return jsonResponse({ ignored: true });
      },
      [`DELETE /api/posts/${post.id}/ignore`]: () => {
        ignored = false;
        return jsonResponse({ ignored: false });
      },
    });
    renderApp('/dashboard', { features });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post options' }));
    await user.click(await findMenuItem({ name: 'Ignore' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Post shown again.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: post.tldr })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('offers neither Report nor Ignore on your own post', async () => {
    const own = { ...post, is_owner: true, can_delete: true, can_publish: true };
    mockFetch({
      ...signedIn,
      'GET /api/posts': jsonResponse([own], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/dashboard', { features });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post options' }));
    expect(await findMenuItem({ name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Ignore' })).not.toBeInTheDocument();
  });

  it('Report files a report with the optional reason and confirms with a toast', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      [`POST /api/posts/${post.id}/report`]: jsonResponse(
        { id: testId('r1'), post_id: post.id, reason: 'Spam', status: 'open', created_at: post.created_at },
        { status: 201 },
      ),
    });
    renderApp('/dashboard', { features });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post options' }));
    expect(screen.queryByRole('menuitem', { name: 'Publish' })).not.toBeInTheDocument();
    await user.click(await findMenuItem({ name: 'Report' }));
    const dialog = await findDialog({ name: 'Report this post' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Report post' }));
    expect(
      await screen.findByText('Thanks for letting us know. The post has been reported.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/report'))?.body).toEqual({ report: { reason: 'Spam' } });
  });

  it('Share copies {origin}/post/{id} when there is no share sheet', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    mockFetch(signedIn);
    renderApp('/dashboard', { features });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${post.id}`);
  });

  it('Share uses the system share sheet when there is one', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    mockFetch(signedIn);
    renderApp('/dashboard', { features });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: post.tldr,
        url: `${window.location.origin}/post/${post.id}`,
      }),
    );
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
});

describe('pinned posts on the card (ADR 043)', () => {
  const groupId = testId('g1');
  const inGroup = aPost({ group_id: groupId, group_name: 'Book Club', can_pin: true, pinned: false });
  const signedIn = (post: Post) => ({
    'GET /api/auth': jsonResponse(maria),
    'GET /api/groups': jsonResponse([]),
    // The dashboard's welcome card asks who invited the member (nobody here).
    'GET /api/me/arrival': jsonResponse({ groups: [], inviter: null, suggestions: [] }),
    'GET /api/posts': jsonResponse([post], { headers: { 'x-has-next-page': 'false' } }),
  });
  const features = [...timelineRoutes, ...postsRoutes];

  it('marks a pinned post with "Pinned", and nothing on one that is not', () => {
    renderCard(aPost({ pinned: true }));
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    cleanup();
    renderCard(aPost({ pinned: false }));
    expect(screen.queryByText('Pinned')).not.toBeInTheDocument();
  });

  it('offers Pin to group to whoever may pin, and pins through the API', async () => {
    const { calls } = mockFetch({
      ...signedIn(inGroup),
      [`PUT /api/groups/${groupId}/pins/${inGroup.id}`]: jsonResponse(
        { ...inGroup, pinned: true },
        { status: 201 },
      ),
    });
    renderApp('/dashboard', { features });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post options' }));
    await user.click(await findMenuItem({ name: 'Pin to group' }));
    expect(await screen.findByText('Post pinned to the top of the group.')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: inGroup.tldr });
    expect(within(card).getByText('Pinned')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT' && call.url.endsWith(`/pins/${inGroup.id}`))).toBe(
      true,
    );
  });

  it("offers Unpin on a pinned post, and shows the server's reason when a pin is refused", async () => {
    const pinned = { ...inGroup, pinned: true };
    mockFetch({
      ...signedIn(pinned),
      [`DELETE /api/groups/${groupId}/pins/${pinned.id}`]: jsonResponse({ ...pinned, pinned: false }),
    });
    renderApp('/dashboard', { features });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post options' }));
    await user.click(await findMenuItem({ name: 'Unpin' }));
    expect(await screen.findByText('Post unpinned.')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: pinned.tldr })).queryByText('Pinned')).toBeNull();
    cleanup();

    mockFetch({
      ...signedIn(inGroup),
      [`PUT /api/groups/${groupId}/pins/${inGroup.id}`]: jsonResponse(
        { error: 'A group can pin at most 3 posts. Unpin one first.' },
        { status: 422 },
      ),
    });
    renderApp('/dashboard', { features });
    await user.click(await screen.findByRole('button', { name: 'Post options' }));
    await user.click(await findMenuItem({ name: 'Pin to group' }));
    expect(await screen.findByText('A group can pin at most 3 posts. Unpin one first.')).toBeInTheDocument();
  });

  it('offers no pin to a member who may not pin', async () => {
    mockFetch(signedIn({ ...inGroup, can_pin: false }));
    renderApp('/dashboard', { features });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post options' }));
    expect(await findMenuItem({ name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Pin/ })).not.toBeInTheDocument();
  });
});
