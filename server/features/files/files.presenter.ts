import type { AltDraft, FileRequest, FileRequestCreated } from '../../../shared/api/files';
import type { SignedUrl } from '../../adapters/storage/storage';
import { shapeAltDraft } from './alt-draft';
import type { FileRow } from './files.repo';
import { fileUrl } from './files.urls';

/** Where and how to upload: the answer to POST /api/file_requests. */
export function presentFileRequestCreated(
  row: FileRow,
  upload: SignedUrl,
  maxSize: number,
): FileRequestCreated {
  return {
    id: row.id,
    url: upload.url,
    method: 'PUT',
    expires_at: upload.expiresAt.toISOString(),
    max_size: maxSize,
  };
}

/**
 * A file request, pending or finished, as its uploader sees it (no other member is ever answered
 * one). Addresses only once the bytes were checked.
 */
export function presentFileRequest(row: FileRow): FileRequest {
  const uploaded = row.status === 'uploaded';
  const hasImage = uploaded && Boolean(row.contentType?.startsWith('image/'));
  return {
    id: row.id,
    name: row.name,
    file_type: row.fileType,
    status: row.status,
    file_size: uploaded ? row.fileSize : null,
    content_type: uploaded ? row.contentType : null,
    last_modified: row.lastModified?.toISOString() ?? null,
    url: uploaded ? fileUrl(row.id) : null,
    thumbnail_url: hasImage ? fileUrl(row.id, 'thumbnail') : null,
    has_image: hasImage,
    width: hasImage ? row.width : null,
    height: hasImage ? row.height : null,
    alt_draft: hasImage && row.fileType === 'post_attachment' ? altDraft(row) : null,
  };
}

/** The photo's draft description once the worker read it (files.reading.ts). */
function altDraft(row: FileRow): AltDraft {
  if (!row.imageReadAt) return { status: 'reading', text: null };
  return { status: 'done', text: shapeAltDraft({ text: row.imageText ?? '', caption: row.imageCaption }) };
}
