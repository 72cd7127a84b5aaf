import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { findDialog } from '@web/test/dialogs';
import type { PostFile } from '@shared/api/posts';
import { activateLocale } from '@web/i18n/i18n';
import { aPost } from '../post-fixtures';
import { PhotoDescriptions } from './photo-descriptions';
import { rowsOf } from './photo-layout';
import { PostFiles, type AttachmentPost } from './post-attachment';

function show(post: AttachmentPost, variant: 'card' | 'full') {
  const router = createMemoryRouter([{ path: '/', element: <PostFiles post={post} variant={variant} /> }], {
    initialEntries: ['/'],
  });
  render(<RouterProvider router={router} />);
}

function photo(n: number, width: number, height: number, alt = ''): PostFile {
  return {
    id: `f${n}`,
    url: `/api/files/f${n}`,
    thumbnail_url: `/api/files/f${n}?variant=thumbnail`,
    name: `photo-${n}.jpg`,
    content_type: 'image/webp',
    size: 1000,
    width,
    height,
    alt,
    duration_ms: null,
    poster_url: null,
    sizes:
      width > 960
        ? [
            { width: 480, url: `/api/files/f${n}?variant=w480` },
            { width: 960, url: `/api/files/f${n}?variant=thumbnail` },
            { width, url: `/api/files/f${n}` },
          ]
        : [],
  };
}

const six = [
  photo(1, 2048, 1536, 'The team before kick-off'),
  photo(2, 1536, 2048),
  photo(3, 800, 800),
  photo(4, 2048, 1024),
  photo(5, 1000, 750),
  photo(6, 1000, 750),
];
const post = aPost({ tldr: 'The match', files: six, file_url: six[0]!.url, has_image: true });

afterEach(() => activateLocale('en'));

describe('the photos of a post', () => {
  it('a card shows four, whole, each sized by its own proportions, "+2" on the last', () => {
    show(post, 'card');
    const grid = screen.getByRole('group', { name: '6 photos' });
    const images = within(grid).getAllByRole('img');
    expect(images).toHaveLength(4);
    // The author's description is the alt text; without one, where it stands.
    expect(images[0]).toHaveAccessibleName('The team before kick-off');
    expect(images[1]).toHaveAccessibleName('Photo 2 of 6 in The match');
    // Its box is known before it loads, and nothing is cropped.
    expect(images[1]).toHaveAttribute('width', '1536');
    expect(images[1]).toHaveAttribute('height', '2048');
    expect(images[1]).toHaveClass('object-contain');
    expect(images[1]!.closest('button')).toHaveStyle({ flex: '0.75 1 0%' });
    expect(images[3]!.closest('button')).toHaveStyle({ flex: '2 1 0%' });
    // The thumbnail first, the original for wide screens.
    expect(images[0]).toHaveAttribute('src', '/api/files/f1?variant=thumbnail');
    expect(images[0]).toHaveAttribute(
      'srcset',
      '/api/files/f1?variant=w480 480w, /api/files/f1?variant=thumbnail 960w, /api/files/f1 2048w',
    );
    expect(images[2]).not.toHaveAttribute('srcset');
    expect(within(grid).getByText('+2')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Photo 4 of 6.*view full size; 2 more\)/ }),
    ).toBeInTheDocument();
  });

  it('the post page shows every photo, and one opens at full size', async () => {
    show(post, 'full');
    const images = within(screen.getByRole('group', { name: '6 photos' })).getAllByRole('img');
    expect(images).toHaveLength(6);
    expect(screen.queryByText(/^\+\d/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Photo 3 of 6/ }));
    const dialog = await findDialog({ name: 'photo-3.jpg (3 of 6)' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/files/f3');
    // Arrow keys and the buttons move between the photos, round the ends.
    await userEvent.keyboard('{ArrowRight}');
    expect(await findDialog({ name: 'photo-4.jpg (4 of 6)' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(await findDialog({ name: 'photo-6.jpg (6 of 6)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(await findDialog({ name: 'photo-1.jpg (1 of 6)' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('img')).toHaveAccessibleName(
      'The team before kick-off',
    );
  });

  it('in Arabic, names the photos in Arabic and moves to the next with the arrow pointing left, as its buttons do', async () => {
    await act(() => activateLocale('ar'));
    show(post, 'full');
    expect(screen.getByRole('group', { name: '6 صور' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /الصورة 3 من 6/ }));
    expect(await findDialog({ name: 'photo-3.jpg (3 من 6)' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await findDialog({ name: 'photo-4.jpg (4 من 6)' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(await findDialog({ name: 'photo-2.jpg (2 من 6)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الصورة السابقة' }).querySelector('svg')).toHaveClass(
      'rtl:-scale-x-100',
    );
  });

  it('offers the post’s other files as downloads beside the photos', () => {
    const pdf: PostFile = {
      ...photo(9, 0, 0),
      name: 'minutes.pdf',
      content_type: 'application/pdf',
      thumbnail_url: null,
      width: null,
      height: null,
    };
    show(aPost({ tldr: 'Meeting', files: [six[0]!, six[1]!, pdf] }), 'card');
    expect(screen.getByRole('group', { name: '2 photos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /minutes\.pdf/ })).toHaveAttribute('href', '/api/files/f9');
  });

  it('shows a video among the photos with its poster, a play badge and its length, and plays it in the viewer', async () => {
    const video: PostFile = {
      ...photo(7, 320, 240),
      name: 'goal.webm',
      content_type: 'video/webm',
      thumbnail_url: null,
      duration_ms: 3_400,
      poster_url: '/api/files/f7?variant=poster',
      sizes: [],
    };
    show(aPost({ tldr: 'Goal', files: [six[0]!, video] }), 'card');
    const grid = screen.getByRole('group', { name: '1 photo and 1 video' });
    const tile = within(grid).getByRole('button', {
      name: /Video 2 of 2: goal\.webm.*3 seconds.*play video/,
    });
    expect(within(tile).getByRole('img')).toHaveAttribute('src', '/api/files/f7?variant=poster');
    expect(within(tile).getByTestId('video-duration-badge')).toHaveTextContent('0:03');
    expect(screen.queryByRole('link', { name: /goal\.webm/ })).not.toBeInTheDocument();
    await userEvent.click(tile);
    const dialog = await findDialog({ name: 'goal.webm (2 of 2)' });
    const player = within(dialog).getByLabelText('Video: goal.webm');
    expect(player).toHaveAttribute('src', '/api/files/f7');
    expect(player).toHaveAttribute('poster', '/api/files/f7?variant=poster');
    // A video has no zoom; the photo beside it has.
    expect(within(dialog).queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    const photoDialog = await findDialog({ name: 'photo-1.jpg (1 of 2)' });
    expect(within(photoDialog).getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });

  it('the author’s list of descriptions draws each photo at the width its tile asked for, not a second one', () => {
    show(post, 'full');
    const tiles = within(screen.getByRole('group')).getAllByRole('img');
    const tileSizes = tiles.map((tile) => tile.getAttribute('sizes'));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PhotoDescriptions post={{ ...post, can_edit: true }} notify={() => {}} />
      </QueryClientProvider>,
    );
    const thumbnails = screen.getAllByTestId('photo-description').map((item) => item.querySelector('img')!);
    expect(thumbnails.map((thumbnail) => thumbnail.getAttribute('srcset'))).toEqual(
      tiles.map((tile) => tile.getAttribute('srcset')),
    );
    expect(thumbnails.map((thumbnail) => thumbnail.getAttribute('sizes'))).toEqual(tileSizes);
    // The grid's rows give each photo its own share: the sizes are not all one value.
    expect(new Set(tileSizes).size).toBeGreaterThan(1);
  });

  it('lays rows out by count', () => {
    expect(rowsOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });
});
