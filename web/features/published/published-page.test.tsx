import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { publishedRoutes } from './routes';
// Loaded up front, so the route-lazy screen appears without a cold-compile wait.
import './published-page';
import { aPublicPost } from './test-fixtures';
import { testId } from '@web/test/ids';

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };
const lastPage = { headers: { 'x-has-next-page': 'false' } };

describe('/published', () => {
  it("lists the member's public posts with slug, date, View Post and the public URL", async () => {
    mockFetch({
      ...signedIn,
      'GET /api/public_posts': jsonResponse(
        [
          aPublicPost(),
          aPublicPost({
            id: testId('p2'),
            slug: 'second-one',
            post_id: 'post-2',
            tldr: 'Second one',
            public_url: 'http://localhost:3000/explore/post/second-one',
          }),
        ],
        lastPage,
      ),
    });
    renderApp('/published', { features: publishedRoutes });
    expect(await screen.findByRole('heading', { name: 'Published', level: 1 })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Tomatoes are ripening' })).toBeInTheDocument();
    expect(first.getByText('tomatoes-are-ripening')).toBeInTheDocument();
    // The date is a <time> inside the sentence, in the member's zone.
    expect(items[0]).toHaveTextContent('Published March 22, 2026');
    expect(first.getByText('March 22, 2026').tagName).toBe('TIME');
    expect(first.getByRole('link', { name: 'View Post' })).toHaveAttribute(
      'href',
      '/post/11111111-1111-4111-8111-111111111111',
    );
    const external = first.getByRole('link', {
      name: 'http://localhost:3000/explore/post/tomatoes-are-ripening',
    });
    expect(external).toHaveAttribute('href', 'http://localhost:3000/explore/post/tomatoes-are-ripening');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it("shows 'No published posts yet' with a 'Create a post' button", async () => {
    mockFetch({ ...signedIn, 'GET /api/public_posts': jsonResponse([], lastPage) });
    renderApp('/published', { features: publishedRoutes });
    expect(await screen.findByText('No published posts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a post' })).toHaveAttribute('href', '/posts/new');
  });

  it("shows 'Error: {message}' with Try Again", async () => {
    let fail = true;
    mockFetch({
      ...signedIn,
      'GET /api/public_posts': () =>
        fail ? jsonResponse({ error: 'The list is resting' }, { status: 503 }) : jsonResponse([], lastPage),
    });
    renderApp('/published', { features: publishedRoutes });
    expect(await screen.findByText('Error: The list is resting')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No published posts yet')).toBeInTheDocument();
  });

  it('unpublishes after asking, then reloads the list', async () => {
    let published = [aPublicPost()];
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/public_posts': () => jsonResponse(published, lastPage),
      'DELETE /api/public_posts/44444444-4444-4444-8444-444444444444': () => {
        published = [];
        return jsonResponse({ id: '44444444-4444-4444-8444-444444444444', deleted: true });
      },
    });
    renderApp('/published', { features: publishedRoutes });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const confirm = await findDialog({ name: 'Unpublish this post?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('No published posts yet')).toBeInTheDocument();
    expect(screen.getByText('Post unpublished.')).toBeInTheDocument();
  });

  it('reloads when the route is visited again', async () => {
    const { calls } = mockFetch({ ...signedIn, 'GET /api/public_posts': jsonResponse([], lastPage) });
    const { router } = renderApp('/published', { features: publishedRoutes });
    await screen.findByText('No published posts yet');
    const loads = () => calls.filter((call) => call.url.startsWith('/api/public_posts')).length;
    expect(loads()).toBe(1);
    await router.navigate('/published');
    await waitFor(() => expect(loads()).toBe(2));
  });
});
