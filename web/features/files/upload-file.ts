import type { FileRequest } from '@shared/api/files';
import type { FileType } from '@shared/domain/constants';
import { currentLocale, t } from '@web/i18n/i18n';
import { ApiError, errorMessage } from '@web/lib/api-errors';
import { completeFileRequest, createFileRequest } from './api';
import { localBytes } from './local-units';
import { putFile } from './put-file';

export type UploadPhase = 'requesting' | 'uploading' | 'finishing';

export interface UploadOptions {
  /** Percent of the bytes sent, 0–100. */
  onProgress?: (percent: number) => void;
  /** Called as each of the three steps starts. */
  onPhase?: (phase: UploadPhase) => void;
  /** Cancels whichever step is running; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

/** A file refused in the browser, before its bytes were sent; the message is for people. */
export class UploadRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefusedError';
  }
}

/**
 * The largest upload the server last said it accepts (POST /api/file_requests answers max_size), so
 * a later file over it is refused before any request at all. Unknown until the first request.
 */
let knownMaxSize: number | undefined;

/** Forgets the remembered limit (tests). */
export function forgetUploadLimit(): void {
  knownMaxSize = undefined;
}

function refuseUnsendable(file: File, maxSize: number | undefined): void {
  if (file.size === 0) throw new UploadRefusedError(t('files.upload.empty'));
  if (maxSize !== undefined && file.size > maxSize)
    throw new UploadRefusedError(
      t('files.upload.tooLarge', {
        size: localBytes(file.size, currentLocale()),
        max: localBytes(maxSize, currentLocale()),
      }),
    );
}

/**
 * Uploads one file in the three steps of spec section 4: ask for an upload location
 * (POST /api/file_requests), PUT the bytes there, then mark the request uploaded
 * (PATCH /api/file_requests/{id}), which the server answers with the checked file. A file larger
 * than the server's limit is refused before its bytes are sent.
 */
export async function uploadFile(
  file: File,
  fileType: FileType,
  { onProgress, onPhase, signal }: UploadOptions = {},
): Promise<FileRequest> {
  refuseUnsendable(file, knownMaxSize);

  onPhase?.('requesting');
  const request = await createFileRequest({ name: file.name || 'file', file_type: fileType }, signal);
  knownMaxSize = request.max_size;
  // The pending request is left for the server's clean-up; no bytes were sent.
  refuseUnsendable(file, request.max_size);

  onPhase?.('uploading');
  onProgress?.(0);
  await putFile(request.url, file, {
    signal,
    onProgress: (loaded, total) =>
      onProgress?.(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
  });
  onProgress?.(100);

  onPhase?.('finishing');
  const done = await completeFileRequest(
    request.id,
    {
      status: 'uploaded',
      file_size: file.size,
      // The server detects the type from the bytes; this is what the browser claimed, if anything.
      content_type: file.type || undefined,
      last_modified: file.lastModified || undefined,
    },
    signal,
  );
  if (done.status !== 'uploaded') throw new UploadRefusedError(t('files.upload.notReceived'));
  return done;
}

/** True for the rejection of a cancelled upload. */
export function isUploadCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * What to tell the member when an upload failed. The server's field errors read as sentences
 * ("File is too large (maximum is 25 MB)"); everything else is the error catalogue's message.
 */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadRefusedError) return error.message;
  if (error instanceof ApiError && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
    return Object.entries(error.fieldErrors)
      .map(([field, messages]) => `${capitalise(field.replace(/_/g, ' '))} ${messages.join(', ')}`)
      .join('. ');
  }
  return errorMessage(error);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
