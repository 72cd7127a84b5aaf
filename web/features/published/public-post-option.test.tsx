import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aPost } from '@web/features/posts/post-fixtures';
import { postsRoutes } from '@web/features/posts/routes';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { aPublicPost } from './test-fixtures';

const created = aPost({
  id: '99999999-9999-4999-8999-999999999999',
  tldr: 'Harvest festival',
  is_owner: true,
});
const routes = {
  'GET /api/auth': jsonResponse(maria),
  'GET /api/groups': jsonResponse([]),
  [`GET /api/posts/${created.id}`]: jsonResponse(created),
  [`GET /api/posts/${created.id}/comments`]: jsonResponse([]),
};

/** A fetch answer the test releases when it wants. */
function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

async function fillPublicPost(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/posts/new', { features: postsRoutes });
  await user.type(await screen.findByLabelText('Title'), 'Harvest festival');
  await user.click(screen.getByRole('switch', { name: 'Public' }));
}

describe('/posts/new with Public on', () => {
  it('offers a slug made from the title; a blank slug is refused before anything is sent', async () => {
    const { calls } = mockFetch(routes);
    const user = userEvent.setup({ delay: null });
    renderApp('/posts/new', { features: postsRoutes });
    await screen.findByLabelText('Title');
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Harvest festival');
    await user.click(screen.getByRole('switch', { name: 'Public' }));
    expect(screen.getByLabelText('Address')).toHaveValue('harvest-festival');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(
      `Public link: ${window.location.origin}/explore/post/harvest-festival`,
    );
    await user.clear(screen.getByLabelText('Address'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Slug is required for public posts')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Address'), 'Harvest!');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText(/^Address may contain only lowercase letters/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates the post, then its public link, saying so at each step, then opens the post', async () => {
    const post = deferred();
    const link = deferred();
    const { calls } = mockFetch({
      ...routes,
      'POST /api/posts': () => post.promise,
      'POST /api/public_posts': () => link.promise,
    });
    const user = userEvent.setup({ delay: null });
    await fillPublicPost(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Creating post...')).toBeInTheDocument();
    await act(async () => post.resolve(jsonResponse(created, { status: 201 })));
    expect(await screen.findByText('Generating public link...')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/public_posts')?.body).toEqual({
      public_post: { post_id: created.id, slug: 'harvest-festival' },
    });
    await act(async () => link.resolve(jsonResponse(aPublicPost({ post_id: created.id }), { status: 201 })));
    expect(await screen.findByRole('heading', { name: 'Harvest festival', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/post/${created.id}`);
    expect(await screen.findByText('Post created and published!')).toBeInTheDocument();
  });

  it("says 'Error creating post. Please try again.' and does not publish when the post fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockFetch({
      ...routes,
      'POST /api/posts': jsonResponse({ error: 'boom' }, { status: 500 }),
    });
    const user = userEvent.setup({ delay: null });
    await fillPublicPost(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Error creating post. Please try again.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/public_posts')).toBe(false);
  });

  it("says 'Post created, but failed to generate public link.' and offers Try Again with another slug", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let linkAnswer = jsonResponse({ errors: { slug: ['has already been taken'] } }, { status: 422 });
    const { calls } = mockFetch({
      ...routes,
      'POST /api/posts': jsonResponse(created, { status: 201 }),
      'POST /api/public_posts': () => linkAnswer,
    });
    const user = userEvent.setup({ delay: null });
    await fillPublicPost(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Post created, but failed to generate public link.')).toBeInTheDocument();
    expect(screen.getByText('slug has already been taken')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View post' })).toHaveAttribute('href', `/post/${created.id}`);
    // The post exists: Create is done with; only the public link is tried again.
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();

    linkAnswer = jsonResponse(aPublicPost({ post_id: created.id, slug: 'harvest-festival-2026' }), {
      status: 201,
    });
    await user.type(screen.getByLabelText('Address'), '-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/post/${created.id}`));
    expect(calls.filter((call) => call.url === '/api/posts' && call.method === 'POST')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/public_posts').map((call) => call.body)).toEqual([
      { public_post: { post_id: created.id, slug: 'harvest-festival' } },
      { public_post: { post_id: created.id, slug: 'harvest-festival-2026' } },
    ]);
  });
});
