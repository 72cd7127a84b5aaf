import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileRequest } from '@shared/api/files';
import type { FileType } from '@shared/domain/constants';
import { isUploadCancelled, uploadErrorMessage, uploadFile } from './upload-file';

/** Where one upload stands: idle → requesting → uploading(percent) → finishing → done | error | cancelled. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'requesting'; file: File }
  | { status: 'uploading'; file: File; percent: number }
  | { status: 'finishing'; file: File }
  | { status: 'done'; file: File; result: FileRequest }
  | { status: 'error'; file: File; message: string }
  | { status: 'cancelled'; file: File };

export type UploadStatus = UploadState['status'];

/** True while bytes are on their way or being checked: the time a form must wait. */
export function isUploading(state: UploadState): boolean {
  return state.status === 'requesting' || state.status === 'uploading' || state.status === 'finishing';
}

export interface Upload {
  state: UploadState;
  busy: boolean;
  /**
   * Uploads `file` (cancelling one in progress); resolves with the finished file, or null when it
   * failed or was cancelled (the state says which). Never rejects; failures are logged.
   */
  start: (file: File, fileType: FileType) => Promise<FileRequest | null>;
  /** Stops the upload in progress (xhr.abort()); the state becomes `cancelled`. */
  cancel: () => void;
  /** Back to idle, e.g. when the member removes the attached file. */
  reset: () => void;
}

/** One upload at a time, with its progress, for a screen (see ./upload-file.ts for the steps). */
export function useUpload(): Upload {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Numbers the uploads, so a replaced one never writes over its successor's state.
  const attempt = useRef(0);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  // Leaving the screen ends the transfer.
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (file: File, fileType: FileType) => {
      stop();
      const current = ++attempt.current;
      const abort = new AbortController();
      controller.current = abort;
      const update = (next: UploadState) => {
        if (current === attempt.current) setState(next);
      };
      update({ status: 'requesting', file });
      try {
        const result = await uploadFile(file, fileType, {
          signal: abort.signal,
          onPhase: (phase) => {
            if (phase === 'requesting') update({ status: 'requesting', file });
            if (phase === 'finishing') update({ status: 'finishing', file });
          },
          onProgress: (percent) => update({ status: 'uploading', file, percent }),
        });
        update({ status: 'done', file, result });
        return result;
      } catch (error) {
        if (isUploadCancelled(error)) {
          update({ status: 'cancelled', file });
        } else {
          // Spec section 8: upload failures are logged; the screens also say what went wrong.
          console.error('Upload failed', error);
          update({ status: 'error', file, message: uploadErrorMessage(error) });
        }
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [stop],
  );

  const cancel = useCallback(() => stop(), [stop]);

  const reset = useCallback(() => {
    stop();
    attempt.current++;
    setState({ status: 'idle' });
  }, [stop]);

  return { state, busy: isUploading(state), start, cancel, reset };
}
