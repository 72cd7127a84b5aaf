import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '@shared/api/posts';
import { PostCard } from '@web/features/posts';
import { aPost } from '@web/features/posts/post-fixtures';
import { httpError } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { findDialog, findMenuItem } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { PublishDialog } from './publish-dialog';
import { publishErrorMessage } from './publish-errors';
import { slugFromTitle } from './slug';
import { aPublicPost } from './test-fixtures';

const post = { id: '11111111-1111-4111-8111-111111111111', tldr: 'Tomatoes are ripening!' };

function renderDialog(onPublished = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <PublishDialog post={post} open onOpenChange={onOpenChange} onPublished={onPublished} />
    </QueryClientProvider>,
  );
  return { onOpenChange, onPublished };
}

/** A fetch answer the test releases when it wants. */
function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

const slugField = () => screen.getByLabelText('Address');

describe('publish dialog', () => {
  it('prefills a slug made from the title, and Enter submits it', async () => {
    const { calls } = mockFetch({ 'POST /api/public_posts': jsonResponse(aPublicPost(), { status: 201 }) });
    const { onPublished } = renderDialog();
    expect(slugField()).toHaveValue('tomatoes-are-ripening');
    // Members call it the post's address, and see the whole public link it makes.
    expect(slugField()).toHaveAccessibleDescription(
      `Public link: ${window.location.origin}/explore/post/tomatoes-are-ripening`,
    );
    const user = userEvent.setup({ delay: null });
    await user.clear(slugField());
    await user.type(slugField(), 'my-tomatoes{Enter}');
    expect(await screen.findByRole('heading', { name: 'Your post is public' })).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ public_post: { post_id: post.id, slug: 'my-tomatoes' } });
    expect(onPublished).toHaveBeenCalledWith(aPublicPost());
  });

  it('checks the slug before sending it', async () => {
    const { fetchMock } = mockFetch({});
    renderDialog();
    const user = userEvent.setup({ delay: null });
    await user.clear(slugField());
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText("Address can't be blank")).toBeInTheDocument();
    await user.type(slugField(), 'Not A Slug!{Enter}');
    expect(
      screen.getByText(
        'Address may contain only lowercase letters, digits and single dashes, with at least one letter',
      ),
    ).toBeInTheDocument();
    expect(slugField()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(slugField());
    await user.type(slugField(), 'ab{Enter}');
    expect(screen.getByText('Address is too short (minimum is 3 characters)')).toBeInTheDocument();
    await user.clear(slugField());
    await user.type(slugField(), '2026{Enter}');
    expect(screen.getByText(/Address may contain only/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cannot be closed while pending: no close button, Escape and Cancel do nothing', async () => {
    const answer = deferred();
    mockFetch({ 'POST /api/public_posts': () => answer.promise });
    const { onOpenChange } = renderDialog();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    fireEvent.submit(slugField().closest('form')!);
    const busy = await screen.findByRole('button', { name: 'Publishing...' });
    expect(busy).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(slugField()).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await act(async () => answer.resolve(jsonResponse(aPublicPost(), { status: 201 })));
    expect(await screen.findByRole('heading', { name: 'Your post is public' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('on success shows the public link with Copy and Open in new tab', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockFetch({ 'POST /api/public_posts': jsonResponse(aPublicPost(), { status: 201 }) });
    renderDialog();
    fireEvent.submit(slugField().closest('form')!);
    const link = await screen.findByLabelText('Public link');
    expect(link).toHaveTextContent('http://localhost:3000/explore/post/tomatoes-are-ripening');
    const open = screen.getByRole('link', { name: 'Open in new tab' });
    expect(open).toHaveAttribute('href', 'http://localhost:3000/explore/post/tomatoes-are-ripening');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/explore/post/tomatoes-are-ripening');
  });

  it('on failure shows the Error view with the reason, and Try Again returns to the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer = jsonResponse({ errors: { slug: ['has already been taken'] } }, { status: 422 });
    mockFetch({ 'POST /api/public_posts': () => answer });
    renderDialog();
    const user = userEvent.setup({ delay: null });
    await user.type(slugField(), '{Enter}');
    const dialog = await findDialog();
    expect(await within(dialog).findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(within(dialog).getByText('slug has already been taken')).toBeInTheDocument();
    expect(within(dialog).getByText('Failed to publish post. Please try again.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(slugField()).toHaveValue('tomatoes-are-ripening');
    answer = jsonResponse({ error: 'Publishing is paused' }, { status: 503 });
    await user.type(slugField(), '-2{Enter}');
    expect(await screen.findByText('Publishing is paused')).toBeInTheDocument();
  });

  it('words failures as the server message, else the error message, else "Failed to publish post"', () => {
    expect(publishErrorMessage(httpError(403, { error: 'Only the author may publish' }))).toBe(
      'Only the author may publish',
    );
    expect(publishErrorMessage(httpError(422, { errors: { post_id: ['is already published'] } }))).toBe(
      'post id is already published',
    );
    expect(publishErrorMessage(httpError(500, null))).toBe('Server error. Please try again later.');
    expect(publishErrorMessage(new Error('Boom'))).toBe('Boom');
    expect(publishErrorMessage(undefined)).toBe('Failed to publish post');
  });
});

describe('slug from the title', () => {
  it.each([
    ['Tomatoes are ripening!', 'tomatoes-are-ripening'],
    ['  Café  crème -- brûlée ', 'cafe-creme-brulee'],
    ['2026', 'post-2026'],
    ['!!', ''],
    ['Hi', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('cuts a long title at a word, within 80 characters', () => {
    const slug = slugFromTitle('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^word(-word)*$/);
  });
});

/** A card drawn from the cache, as timelines draw them, so cache updates show. */
function CachedCard({ post }: { post: Post }) {
  const { data } = useQuery({
    queryKey: queryKeys.posts.detail(post.id),
    queryFn: () => post,
    initialData: post,
    staleTime: Infinity,
  });
  return <PostCard post={data} />;
}

function renderCard(overrides: Partial<Post>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <CachedCard post={aPost(overrides)} /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('post options menu', () => {
  it('offers Publish to the author only', async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderCard({ can_publish: false });
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(await findMenuItem({ name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('Publish opens the dialog; once published the menu offers Copy public link and Unpublish', async () => {
    const { calls } = mockFetch({
      'POST /api/public_posts': jsonResponse(aPublicPost(), { status: 201 }),
      'DELETE /api/public_posts/44444444-4444-4444-8444-444444444444': jsonResponse({
        id: '44444444-4444-4444-8444-444444444444',
        deleted: true,
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderCard({ can_publish: true, is_owner: true });
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(await findMenuItem({ name: 'Publish' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.queryByRole('menuitem', { name: 'Publish' })).not.toBeInTheDocument();
    await user.click(await findMenuItem({ name: 'Copy public link' }));
    expect(await screen.findByText('Public link copied to clipboard!')).toBeInTheDocument();
    // user-event's own clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(aPublicPost().public_url);

    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(await findMenuItem({ name: 'Unpublish' }));
    const confirm = await findDialog({ name: 'Unpublish this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Post unpublished.')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/public_posts',
      'DELETE /api/public_posts/44444444-4444-4444-8444-444444444444',
    ]);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(await findMenuItem({ name: 'Publish' })).toBeInTheDocument();
  });
});
