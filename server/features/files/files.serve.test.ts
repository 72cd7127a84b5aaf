import { describe, expect, it } from 'vitest';
import type { FileRow } from './files.repo';
import { acceptsAvif, contentDisposition, sanitizeFileName, servedFile } from './files.serve';

const row = (overrides: Partial<FileRow>): FileRow => ({
  id: '0b9e2c1a-1111-4222-8333-444455556666',
  userId: 'u',
  name: 'file.txt',
  fileType: 'post_attachment',
  status: 'uploaded',
  storageKey: '0b9e2c1a-1111-4222-8333-444455556666.file',
  thumbnailKey: null,
  contentType: 'text/plain; charset=utf-8',
  fileSize: 10,
  width: null,
  height: null,
  durationMs: null,
  posterKey: null,
  imageText: null,
  imageCaption: null,
  imageReadAt: null,
  lastModified: null,
  uploadedAt: new Date(),
  createdAt: new Date(),
  updatedAt: new Date(),
  ...overrides,
});

describe('file names in Content-Disposition', () => {
  it('encodes any name per RFC 5987, with a plain ASCII fallback', () => {
    expect(contentDisposition('attachment', 'Über (1).pdf')).toBe(
      `attachment; filename="_ber (1).pdf"; filename*=UTF-8''%C3%9Cber%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', "a'b*c.webp")).toBe(
      `inline; filename="a'b_c.webp"; filename*=UTF-8''a%27b_c.webp`,
    );
  });

  it('drops control characters, path parts and leading dots; never empty; cut by code points', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(sanitizeFileName('a\r\nContent-Type: text/html\u0000.txt')).toBe('aContent-Type_ text_html.txt');
    expect(sanitizeFileName('...')).toBe('file');
    expect(sanitizeFileName('😀'.repeat(300))).toBe('😀'.repeat(200));
    expect(() => contentDisposition('attachment', `${'x'.repeat(199)}😀`)).not.toThrow();
  });
});

describe('acceptsAvif', () => {
  it('takes what browsers send for images, and refuses AVIF at q=0 or not named', () => {
    expect(acceptsAvif('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toBe(true);
    expect(acceptsAvif('image/webp, IMAGE/AVIF;q=0.5')).toBe(true);
    expect(acceptsAvif('image/avif;q=0, image/webp')).toBe(false);
    expect(acceptsAvif('image/avif;q=0.0')).toBe(false);
    expect(acceptsAvif('image/webp,image/*,*/*;q=0.8')).toBe(false);
    expect(acceptsAvif('image/avifx')).toBe(false);
    expect(acceptsAvif(undefined)).toBe(false);
    expect(acceptsAvif(['image/avif'])).toBe(false);
  });
});

describe('servedFile', () => {
  it('shows re-encoded images inline under a .webp name, with the thumbnail as a variant', () => {
    const image = row({
      name: 'IMG 1.HEIC.jpg',
      contentType: 'image/webp',
      storageKey: 'k.image',
      thumbnailKey: 'k.thumb',
    });
    expect(servedFile(image, 'original')).toMatchObject({
      key: 'k.image',
      contentType: 'image/webp',
      contentDisposition: `inline; filename="IMG 1.HEIC.webp"; filename*=UTF-8''IMG%201.HEIC.webp`,
    });
    expect(servedFile(image, 'thumbnail')!.key).toBe('k.thumb');
    // A profile picture has no separate thumbnail: it is its own.
    expect(servedFile({ ...image, thumbnailKey: null }, 'thumbnail')!.key).toBe('k.image');
  });

  it('sends everything else as a download, with no thumbnail, and never as markup', () => {
    const pdf = row({ name: 'a.pdf', contentType: 'application/pdf' });
    expect(servedFile(pdf, 'original')!.contentDisposition).toMatch(/^attachment; /);
    expect(servedFile(pdf, 'thumbnail')).toBeNull();
    expect(servedFile(row({ contentType: 'text/html' }), 'original')!.contentType).toBe(
      'application/octet-stream',
    );
  });

  it('sends a video as an attachment, its poster as an inline WebP image once there is one', () => {
    const video = row({ name: 'Match day.mp4', contentType: 'video/mp4', storageKey: 'k.file' });
    expect(servedFile(video, 'original')).toMatchObject({
      key: 'k.file',
      contentType: 'video/mp4',
      contentDisposition: expect.stringMatching(/^attachment; filename="Match day.mp4"/),
    });
    expect(servedFile(video, 'thumbnail')).toBeNull();
    expect(servedFile(video, 'poster')).toBeNull();
    expect(servedFile({ ...video, posterKey: 'k.poster' }, 'poster')).toEqual({
      key: 'k.poster',
      contentType: 'image/webp',
      contentDisposition: `inline; filename="Match day.webp"; filename*=UTF-8''Match%20day.webp`,
      etag: `"${video.id}-poster"`,
    });
  });
});
