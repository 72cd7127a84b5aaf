import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { aPost } from './post-fixtures';
import { postsRoutes } from './routes';

const slow = { timeout: 15_000 };
const mine = aPost({ can_edit: true, is_owner: true, tldr: 'Tomatos', content: 'Red' });
const base = `/api/posts/${mine.id}`;
const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };

describe('/post/{id}/edit', { timeout: 45_000 }, () => {
  it('edits title and content with the counter, Save off above 2000, then shows the post as edited', async () => {
    const saved = { ...mine, tldr: 'Tomatoes', content: 'Ripe', edited_at: '2026-03-22T11:00:00.000Z' };
    const { calls } = mockFetch({
      ...signedIn,
      [`GET ${base}`]: jsonResponse(mine),
      [`PATCH ${base}`]: jsonResponse(saved),
      [`GET ${base}/comments`]: jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp(`/post/${mine.id}/edit`, { features: postsRoutes });
    const title = await screen.findByLabelText('Title', undefined, slow);
    expect(title).toHaveValue('Tomatos');
    const content = screen.getByLabelText('Content');
    fireEvent.change(content, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByTestId('content-counter')).toHaveTextContent('2001/2000');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.change(content, { target: { value: 'Ripe' } });
    fireEvent.change(title, { target: { value: ' Tomatoes ' } });
    fireEvent.keyDown(content, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tomatoes' }, slow)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      post: { tldr: 'Tomatoes', content: 'Ripe' },
    });
    await waitFor(() => expect(screen.getAllByTitle(/^Edited /).length).toBeGreaterThan(0));
  });

  it('tells a member who is not the author that only the author can edit', async () => {
    mockFetch({ ...signedIn, [`GET ${base}`]: jsonResponse({ ...mine, can_edit: false, is_owner: false }) });
    renderApp(`/post/${mine.id}/edit`, { features: postsRoutes });
    expect(
      await screen.findByText('Only the author can edit this post.', undefined, slow),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });
});
