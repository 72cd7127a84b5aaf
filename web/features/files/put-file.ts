import { httpError, noResponseError, type ApiError } from '@web/lib/api-errors';
import { t } from '@web/i18n/i18n';

export interface PutFileOptions {
  /** Bytes sent so far, and of how many. */
  onProgress?: (loaded: number, total: number) => void;
  /** Aborting stops the transfer (xhr.abort()) and rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * PUTs the raw bytes of `file` to an upload URL (Hearth's own signed URL, relative, or an object
 * store's, absolute). XMLHttpRequest rather than fetch, because only it reports upload progress.
 * No JSON content type and no headers of ours: the browser sends the file's own type, and an object
 * store's signed URL admits nothing it did not sign. Rejects with an {@link ApiError} (the catalogue
 * message, or the server's own) or, when cancelled, a DOMException named AbortError.
 */
export function putFile(url: string, file: Blob, { onProgress, signal }: PutFileOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(putError(xhr.status, xhr.responseText, xhr.getResponseHeader('content-type')));
    });
    xhr.addEventListener('error', () => {
      settle();
      console.error(`Network error: PUT ${url}`);
      reject(noResponseError('network'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });

    signal?.addEventListener('abort', abort, { once: true });
    xhr.open('PUT', url);
    xhr.send(file);
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/**
 * Hearth answers JSON ({error: 'The file is too large (maximum is 25 MB).'}); an object store answers
 * XML, which is no message for people, so only JSON bodies are read and others get the catalogue's.
 */
function putError(status: number, text: string, contentType: string | null): ApiError {
  let data: unknown = null;
  if (contentType?.includes('json') || /^\s*\{/.test(text)) {
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      data = null;
    }
  }
  if (status === 413 && data === null) data = { error: t('files.upload.tooLargeForServer') };
  return httpError(status, data);
}
