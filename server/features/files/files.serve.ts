import { SHARED_CACHE } from '../../http/cache-policy';
import type { FileVariant } from './files.urls';
import type { FileRow } from './files.repo';
import { storageKeys } from './files.keys';
import { sizedWidthOf, sizedWidthsOf } from './files.images';

/**
 * How a stored file leaves Hearth: which object, with which type, disposition and caching. Only
 * re-encoded images are shown inline; everything else is a download, so nothing a member uploads
 * is ever rendered as a page on Hearth's origin (and the CSP sandbox stops script even if it were).
 */

export interface ServedFile {
  key: string;
  contentType: string;
  contentDisposition: string;
  /** A file's bytes never change: its id and variant name them for good. */
  etag: string;
}

/** Headers on every file answer, whatever the store. */
export const FILE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
} as const;

/**
 * Public files may sit in shared caches for a minute (SHARED_CACHE: a photo published by mistake
 * must be gone soon after it is withdrawn; the ETag makes asking again cheap); private ones only in
 * the member's browser.
 */
export function cacheControl(isPublic: boolean): string {
  return isPublic ? SHARED_CACHE : 'private, max-age=3600';
}

/** How long a redirect to the object store may be kept: a public one no longer than the file itself. */
export function redirectCacheControl(isPublic: boolean): string {
  return isPublic ? SHARED_CACHE : `private, max-age=${PRIVATE_REDIRECT_CACHE_SECONDS}`;
}
const PRIVATE_REDIRECT_CACHE_SECONDS = 5 * 60;

/**
 * The object and headers for one variant of an uploaded file, or null when it has no such variant.
 * A video's poster is an image Hearth re-encoded (files.video.ts), shown inline like one; the video
 * itself stays an attachment (a `<video>` plays it all the same: media elements ignore
 * Content-Disposition, and a visit to its address downloads it rather than showing it on Hearth's origin).
 */
export function servedFile(file: FileRow, variant: FileVariant): ServedFile | null {
  if (variant === 'poster') {
    if (!file.posterKey) return null;
    return {
      key: file.posterKey,
      contentType: 'image/webp',
      contentDisposition: contentDisposition('inline', withExtension(file.name, 'webp')),
      etag: `"${file.id}-poster"`,
    };
  }
  const isImage = Boolean(file.contentType?.startsWith('image/'));
  const sized = sizedWidthOf(variant);
  if (sized) {
    // Post photos only (a profile picture has no thumbnail either), and only narrower than the photo.
    if (!isImage || !file.thumbnailKey || !sizedWidthsOf(file.width).includes(sized)) return null;
    return {
      key: storageKeys(file.id)[`w${sized}`],
      contentType: 'image/webp',
      contentDisposition: contentDisposition('inline', withExtension(file.name, 'webp')),
      etag: `"${file.id}-${variant}"`,
    };
  }
  // A thumbnail exists for post images; a profile picture is its own thumbnail; other files have none.
  const key =
    variant === 'thumbnail' ? (isImage ? (file.thumbnailKey ?? file.storageKey) : null) : file.storageKey;
  if (!key || !file.contentType) return null;
  const name = isImage ? withExtension(file.name, 'webp') : file.name;
  return {
    key,
    contentType: isImage ? file.contentType : safeDownloadType(file.contentType),
    contentDisposition: contentDisposition(isImage ? 'inline' : 'attachment', name),
    etag: `"${file.id}-${variant}"`,
  };
}

/**
 * A post photo's AVIF at a width (ADR 069), stored under `key`: served in place of the WebP of the
 * same width to a browser that says it takes AVIF.
 */
export function servedAvif(file: FileRow, variant: FileVariant, key: string): ServedFile {
  return {
    key,
    contentType: 'image/avif',
    contentDisposition: contentDisposition('inline', withExtension(file.name, 'avif')),
    etag: `"${file.id}-${variant}-avif"`,
  };
}

/** Whether a request's Accept takes AVIF (browsers that decode it name it for images), at q > 0. */
export function acceptsAvif(accept: string | string[] | undefined): boolean {
  if (typeof accept !== 'string') return false;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return type === 'image/avif' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Detected types are on the allow-list already; this keeps any markup type out regardless. */
function safeDownloadType(type: string): string {
  return /html|xml|svg|javascript/i.test(type) ? 'application/octet-stream' : type;
}

/** `inline|attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 with RFC 5987 encoding). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const clean = sanitizeFileName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}

/** No control characters, path separators or characters file systems refuse; at most 200 characters. */
export function sanitizeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // Control characters (CR/LF would split a header line): matched on purpose.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/^[\s.]+/, '')
    .trim();
  // By code points, so a cut never splits a surrogate pair (encodeURIComponent would throw).
  const short = Array.from(cleaned).slice(0, 200).join('');
  return short || 'file';
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** "holiday.jpg" → "holiday.webp": the name matches the bytes Hearth re-encoded. */
function withExtension(name: string, ext: string): string {
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, '');
  return `${base || 'image'}.${ext}`;
}
