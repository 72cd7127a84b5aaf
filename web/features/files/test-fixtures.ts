import type { FileRequest, FileRequestCreated } from '@shared/api/files';
import { jsonResponse } from '@web/test/fetch-mock';

/** Test data for uploads (imported by tests only). */

export const FILE_ID = '44444444-4444-4444-8444-444444444444';
export const UPLOAD_URL = `/api/storage/uploads%2F${FILE_ID}?expires=1&signature=abc`;

export function aCreatedRequest(overrides: Partial<FileRequestCreated> = {}): FileRequestCreated {
  return {
    id: FILE_ID,
    url: UPLOAD_URL,
    method: 'PUT',
    expires_at: '2026-03-22T10:15:00.000Z',
    max_size: 25 * 1024 * 1024,
    ...overrides,
  };
}

export function aFileRequest(overrides: Partial<FileRequest> = {}): FileRequest {
  return {
    id: FILE_ID,
    name: 'garden.png',
    file_type: 'post_attachment',
    status: 'uploaded',
    file_size: 1_258_291,
    content_type: 'image/webp',
    last_modified: '2026-03-20T09:00:00.000Z',
    url: `/api/files/${FILE_ID}`,
    thumbnail_url: `/api/files/${FILE_ID}?variant=thumbnail`,
    has_image: true,
    width: 1600,
    height: 1200,
    alt_draft: { status: 'done', text: null },
    ...overrides,
  };
}

/** A file of `size` bytes, as a file input hands it over. */
export function aFile(name = 'garden.png', size = 1000, type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1_774_000_000_000 });
}

/** The calls of an upload that succeeds (POST and PATCH; the PUT goes by XMLHttpRequest). */
export function uploadRoutes(
  result: FileRequest = aFileRequest(),
  created: FileRequestCreated = aCreatedRequest({ id: result.id }),
) {
  return {
    'POST /api/file_requests': () => jsonResponse(created, { status: 201 }),
    [`PATCH /api/file_requests/${result.id}`]: () => jsonResponse(result),
  };
}
