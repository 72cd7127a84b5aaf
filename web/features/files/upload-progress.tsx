import { X } from 'lucide-react';
import { Button } from '@web/components/button';
import { ProgressBar } from '@web/components/progress-bar';
import { UPLOAD_TEXT } from './messages';
import type { UploadState } from './use-upload';

/** The file on its way: its name, what is happening, a progress bar, and Cancel until the bytes are sent. */
export function UploadProgress({
  state,
  onCancel,
}: {
  state: Extract<UploadState, { status: 'requesting' | 'uploading' | 'finishing' }>;
  onCancel: () => void;
}) {
  const label =
    state.status === 'uploading'
      ? UPLOAD_TEXT.uploading(state.percent)
      : state.status === 'finishing'
        ? UPLOAD_TEXT.finishing
        : UPLOAD_TEXT.requesting;
  return (
    <div className="space-y-2 rounded-xl border border-stone-200 bg-stone-50 px-3.5 py-3">
      <div className="flex min-h-8 items-center justify-between gap-3">
        <span className="min-w-0 truncate text-sm font-medium text-stone-800">{state.file.name}</span>
        {state.status === 'finishing' ? null : (
          // Once the bytes are sent the server is checking them: there is nothing left to stop.
          <Button
            variant="ghost"
            size="sm"
            className="-my-1 -mr-2 shrink-0"
            onClick={onCancel}
            aria-label={`Cancel upload of ${state.file.name}`}
          >
            <X className="size-4" aria-hidden="true" />
            {UPLOAD_TEXT.cancel}
          </Button>
        )}
      </div>
      <ProgressBar
        label={`Uploading ${state.file.name}`}
        value={state.status === 'uploading' ? state.percent : state.status === 'finishing' ? 100 : undefined}
      />
      <p className="text-xs text-stone-600 tabular-nums">{label}</p>
    </div>
  );
}
