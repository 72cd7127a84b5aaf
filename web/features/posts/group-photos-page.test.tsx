import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GroupPhoto } from '@shared/api/posts';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { postsRoutes } from './routes';

const GROUP = '10000000-0000-4000-8000-000000000001';

function photo(n: number, alt = ''): GroupPhoto {
  return {
    id: `f${n}`,
    url: `/api/files/f${n}`,
    thumbnail_url: `/api/files/f${n}?variant=thumbnail`,
    name: `photo-${n}.jpg`,
    content_type: 'image/webp',
    size: 1000,
    width: 800,
    height: 600,
    alt,
    duration_ms: null,
    poster_url: null,
    sizes: [],
    post_id: `p${n}`,
    post_tldr: `Post ${n}`,
    created_at: '2026-03-01T10:00:00.000Z',
    index: 0,
  };
}

describe('/group/{id}/photos', () => {
  it('shows the group’s photos a page at a time, and opens one full size', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      [`GET /api/groups/${GROUP}/photos`]: (call) =>
        call.url.includes('after=')
          ? jsonResponse([photo(3)], { headers: { 'x-has-next-page': 'false' } })
          : jsonResponse([photo(1, 'The cake'), photo(2)], {
              headers: { 'x-has-next-page': 'true', 'x-next-cursor': 'c1' },
            }),
    });
    renderApp(`/group/${GROUP}/photos`, { features: postsRoutes });
    const grid = await screen.findByRole('group', { name: '2 photos' });
    expect(within(grid).getByRole('img', { name: 'The cake' })).toHaveAttribute('width', '800');
    expect(screen.getByRole('link', { name: 'Back to the group' })).toHaveAttribute(
      'href',
      `/group/${GROUP}`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more photos' }));
    await screen.findByRole('group', { name: '3 photos' });
    expect(calls.some((call) => call.url.includes('after=c1'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more photos' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Photo 3 of 3/ }));
    expect(await findDialog({ name: 'photo-3.jpg (3 of 3)' })).toBeInTheDocument();
  });

  it('shows a video among the photos with its poster, length and play mark, and plays it at its address', async () => {
    const video: GroupPhoto = {
      ...photo(2),
      name: 'goal.webm',
      content_type: 'video/webm',
      thumbnail_url: null,
      width: 320,
      height: 240,
      duration_ms: 65_000,
      poster_url: '/api/files/f2?variant=poster',
      post_id: 'p2',
      index: 0,
    };
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      [`GET /api/groups/${GROUP}/photos`]: jsonResponse([photo(1), video], {
        headers: { 'x-has-next-page': 'false' },
      }),
    });
    renderApp(`/group/${GROUP}/photos`, { features: postsRoutes });
    const grid = await screen.findByRole('group', { name: '1 photo and 1 video' });
    const tile = within(grid).getByRole('button', { name: /Video 2 of 2: goal\.webm.*1 minute.*play video/ });
    expect(within(tile).getByRole('img')).toHaveAttribute('src', '/api/files/f2?variant=poster');
    expect(within(tile).getByTestId('video-duration-badge')).toHaveTextContent('1:05');

    await userEvent.click(tile);
    const dialog = await findDialog({ name: 'goal.webm (2 of 2)' });
    expect(within(dialog).getByLabelText('Video: goal.webm')).toHaveAttribute('src', '/api/files/f2');
    // Its place in its own post, not in the album: the first file of post p2.
    expect(window.location.pathname).toBe('/post/p2/photo/1');
  });

  it('says so when the group has no photos', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      [`GET /api/groups/${GROUP}/photos`]: jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp(`/group/${GROUP}/photos`, { features: postsRoutes });
    expect(await screen.findByText('No photos yet')).toBeInTheDocument();
  });
});
