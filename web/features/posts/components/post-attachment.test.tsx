import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@web/test/dialogs';
import { aPost } from '../post-fixtures';
import { PostAttachment, type AttachmentPost } from './post-attachment';

function show(post: AttachmentPost, props: { variant?: 'card' | 'full' } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <PostAttachment post={post} {...props} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const image = aPost({
  tldr: 'The allotment in March',
  file_url: '/api/files/f1',
  file_name: 'allotment.jpg',
  file_size: 1_887_437,
  file_width: 1600,
  file_height: 1200,
  thumbnail_url: '/api/files/f1?variant=thumbnail',
  has_image: true,
});

describe('PostAttachment', () => {
  it('on a card: the whole thumbnail in its own proportions, at most 400 px high, its box reserved', () => {
    show(image, { variant: 'card' });
    const picture = screen.getByRole('img', { name: 'Attachment: allotment.jpg' });
    expect(picture).toHaveAttribute('src', '/api/files/f1?variant=thumbnail');
    expect(picture).toHaveClass('object-contain', 'max-h-[400px]', 'h-auto');
    expect(picture).not.toHaveClass('object-cover');
    expect(picture).toHaveAttribute('width', '1600');
    expect(picture).toHaveAttribute('height', '1200');
    expect(picture.style.aspectRatio).toBe('1600 / 1200');
    expect(picture.style.maxWidth).toBe('min(100%, 533px)');
  });

  it('on a card: a tap opens the image itself full screen; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    const router = show(image, { variant: 'card' });
    const trigger = screen.getByRole('button', { name: /Attachment: allotment\.jpg.*view full size/ });
    await user.click(trigger);

    const dialog = await findDialog({ name: 'allotment.jpg' });
    const full = screen.getAllByRole('img', { name: 'Attachment: allotment.jpg' }).at(-1)!;
    expect(dialog).toContainElement(full);
    expect(full).toHaveAttribute('src', '/api/files/f1');
    expect(dialog).toContainElement(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('on a card without a thumbnail or a size: the file itself, whole', () => {
    show({ ...image, thumbnail_url: null, file_width: null, file_height: null }, { variant: 'card' });
    const picture = screen.getByRole('img', { name: 'Attachment: allotment.jpg' });
    expect(picture).toHaveAttribute('src', '/api/files/f1');
    expect(picture).toHaveClass('object-contain', 'max-h-[400px]', 'w-auto');
  });

  it('on a card, a file that is not an image keeps its name, size and download', () => {
    show(
      { ...image, file_name: 'minutes.pdf', has_image: false, thumbnail_url: null, file_size: 52_224 },
      {
        variant: 'card',
      },
    );
    const link = screen.getByRole('link', { name: /minutes\.pdf/ });
    expect(link).toHaveAttribute('download', 'minutes.pdf');
    expect(link).toHaveTextContent('51 kB');
  });

  it('on the post: the image at most 400 px high, with its size and a Download link', () => {
    show(image);
    const picture = screen.getByRole('img', { name: 'Attachment: allotment.jpg' });
    expect(picture).toHaveAttribute('src', '/api/files/f1');
    expect(picture).toHaveClass('max-h-[400px]', 'h-auto');
    expect(screen.getByText('allotment.jpg · 1.8 MB')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/files/f1');
    expect(download).toHaveAttribute('download', 'allotment.jpg');
  });

  it('on the post: reserves the image’s box from its size, still at most 400 px high', () => {
    show(image);
    const picture = screen.getByRole('img', { name: 'Attachment: allotment.jpg' });
    expect(picture).toHaveAttribute('width', '1600');
    expect(picture).toHaveAttribute('height', '1200');
    // 1600 × 1200 is 533 px wide at 400 px high.
    expect(picture.style.maxWidth).toBe('min(100%, 533px)');
  });

  it('on the post without its size: no width or height, the box held by a minimum height', () => {
    show({ ...image, file_width: null, file_height: null });
    const picture = screen.getByRole('img', { name: 'Attachment: allotment.jpg' });
    expect(picture).not.toHaveAttribute('width');
    expect(picture).not.toHaveAttribute('height');
    expect(picture).toHaveClass('max-h-[400px]', 'w-auto', 'max-w-full');
  });

  it('opens the full-size image in a dialog on Enter; Escape closes it and focus returns to the image', async () => {
    const user = userEvent.setup();
    show(image);
    const trigger = screen.getByRole('button', { name: /Attachment: allotment\.jpg.*view full size/ });
    trigger.focus();
    await user.keyboard('{Enter}');

    const dialog = await findDialog({ name: 'allotment.jpg' });
    expect(dialog).toContainElement(
      screen.getAllByRole('img', { name: 'Attachment: allotment.jpg' }).at(-1)!,
    );
    expect(screen.getAllByRole('link', { name: 'Download' }).at(-1)).toHaveAttribute('href', '/api/files/f1');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('a file that is not an image: a download link with its name and size', () => {
    show({ ...image, file_name: 'minutes.pdf', has_image: false, thumbnail_url: null, file_size: 52_224 });
    const link = screen.getByRole('link', { name: /minutes\.pdf/ });
    expect(link).toHaveAttribute('href', '/api/files/f1');
    expect(link).toHaveAttribute('download', 'minutes.pdf');
    expect(link).toHaveTextContent('51 kB');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('keeps working with the fields it always had (no size, no thumbnail)', () => {
    show({ tldr: 'Old', file_url: '/api/files/f2', file_name: 'old.png', has_image: true });
    expect(screen.getByRole('img', { name: 'Attachment: old.png' })).toHaveClass('max-h-[400px]');
    expect(screen.getByText('old.png')).toBeInTheDocument();
  });

  it('shows nothing while the file has no address', () => {
    const { container } = render(<PostAttachment post={{ ...image, file_url: null }} />);
    expect(container).toBeEmptyDOMElement();
  });

  describe('a video', () => {
    const video = aPost({
      tldr: 'The match',
      file_url: '/api/files/v1',
      file_name: 'Match day.webm',
      file_size: 3_145_728,
      file_width: 1280,
      file_height: 720,
      has_image: false,
      has_video: true,
      file_duration_ms: 83_400,
      file_poster_url: '/api/files/v1?variant=poster',
    });

    it.each(['card', 'full'] as const)(
      'plays in the page (%s): controls, metadata only, the poster, its box reserved',
      (variant) => {
        show(video, { variant });
        const player = screen.getByLabelText('Video: Match day.webm');
        expect(player.tagName).toBe('VIDEO');
        expect(player).toHaveAttribute('src', '/api/files/v1');
        expect(player).toHaveAttribute('controls');
        expect(player).toHaveAttribute('preload', 'metadata');
        expect(player).toHaveAttribute('poster', '/api/files/v1?variant=poster');
        expect(player).toHaveAttribute('width', '1280');
        expect(player).toHaveAttribute('height', '720');
        const box = player.parentElement!;
        expect(box.style.aspectRatio).toBe('1280 / 720');
        // 1280 × 720 is 711 px wide at 400 px high.
        expect(box.style.maxWidth).toBe('min(100%, 711px)');
        expect(screen.queryByRole('img')).not.toBeInTheDocument();
      },
    );

    it('shows its length on the picture until it plays, and beside its name in words', () => {
      show(video, { variant: 'card' });
      expect(screen.getByTestId('video-duration-badge')).toHaveTextContent('1:23');
      const caption = screen.getByText(/Match day\.webm/);
      expect(caption).toHaveTextContent('Match day.webm · 1:231 minute 23 seconds · 3 MB');
      expect(screen.getByText('1 minute 23 seconds')).toHaveClass('sr-only');

      fireEvent.play(screen.getByLabelText('Video: Match day.webm'));
      expect(screen.queryByTestId('video-duration-badge')).not.toBeInTheDocument();
    });

    it('can still be downloaded', () => {
      show(video, { variant: 'card' });
      const download = screen.getByRole('link', { name: 'Download Match day.webm' });
      expect(download).toHaveAttribute('href', '/api/files/v1');
      expect(download).toHaveAttribute('download', 'Match day.webm');
    });

    it('before the worker read it: no poster, no length, a 16:9 box', () => {
      show({ ...video, file_poster_url: null, file_duration_ms: null, file_width: null, file_height: null });
      const player = screen.getByLabelText('Video: Match day.webm');
      expect(player).not.toHaveAttribute('poster');
      expect(player).not.toHaveAttribute('width');
      expect(player.parentElement).toHaveClass('aspect-video');
      expect(screen.queryByTestId('video-duration-badge')).not.toBeInTheDocument();
      expect(screen.queryByText(/0:00/)).not.toBeInTheDocument();
    });
  });
});
