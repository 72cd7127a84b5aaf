import { useEffect, useId, useRef } from 'react';
import { Paperclip } from 'lucide-react';
import type { FileRequest } from '@shared/api/files';
import { Alert } from '@web/components/alert';
import { AttachedFile } from './attached-file';
import { FilePicker } from './file-picker';
import { UPLOAD_TEXT } from './messages';
import { UploadProgress } from './upload-progress';
import { useUpload } from './use-upload';

/** What a form needs of its attachment: the finished file (its id goes with the post), and whether to wait. */
export interface AttachmentValue {
  file: FileRequest | null;
  uploading: boolean;
}

export const NO_ATTACHMENT: AttachmentValue = { file: null, uploading: false };

/**
 * The attach control of /posts/new (spec section 4, "File attach"): Attach file, then a progress bar
 * with Cancel while the file uploads, then the attached file with Remove. Failures say what went
 * wrong in an alert. Tells the form through `onChange` what is attached and whether it must wait.
 */
export function AttachmentField({
  onChange,
  disabled = false,
}: {
  onChange: (value: AttachmentValue) => void;
  disabled?: boolean;
}) {
  const headingId = useId();
  const upload = useUpload();
  const { state } = upload;
  const attached = state.status === 'done' ? state.result : null;

  // The latest callback, so a parent passing a new function each render does not loop.
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  useEffect(() => {
    report.current({ file: attached, uploading: upload.busy });
  }, [attached, upload.busy]);

  return (
    <div className="space-y-1.5" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="text-sm font-medium text-stone-800">
        Attachment
      </p>
      {state.status === 'error' ? (
        <Alert>{UPLOAD_TEXT.attachFailed(state.file.name, state.message)}</Alert>
      ) : null}
      {state.status === 'requesting' || state.status === 'uploading' || state.status === 'finishing' ? (
        <UploadProgress state={state} onCancel={upload.cancel} />
      ) : attached ? (
        <AttachedFile file={attached} onRemove={disabled ? undefined : upload.reset} />
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <FilePicker disabled={disabled} onPick={(file) => void upload.start(file, 'post_attachment')}>
            <Paperclip className="size-4" aria-hidden="true" />
            {UPLOAD_TEXT.attach}
          </FilePicker>
          <span className="text-xs text-stone-500" role={state.status === 'cancelled' ? 'status' : undefined}>
            {state.status === 'cancelled'
              ? UPLOAD_TEXT.cancelled
              : 'One file: an image shows a preview; other files get a download link.'}
          </span>
        </div>
      )}
    </div>
  );
}
