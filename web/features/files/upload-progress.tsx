import { X } from 'lucide-react';
import { Button } from '@web/components/button';
import { ProgressBar } from '@web/components/progress-bar';
import { useT } from '@web/i18n/i18n';
import type { UploadState } from './use-upload';

/** The file on its way: its name, what is happening, a progress bar, and Cancel until the bytes are sent. */
export function UploadProgress({
  state,
  onCancel,
}: {
  state: Extract<UploadState, { status: 'requesting' | 'uploading' | 'finishing' }>;
  onCancel: () => void;
}) {
  const t = useT();
  const label =
    state.status === 'uploading'
      ? t('files.upload.uploading', { percent: state.percent })
      : state.status === 'finishing'
        ? t('files.upload.finishing')
        : t('files.upload.requesting');
  return (
    <div className="space-y-2 rounded-xl border border-stone-200 bg-stone-50 px-3.5 py-3">
      <div className="flex min-h-8 items-center justify-between gap-3">
        <span className="min-w-0 truncate text-sm font-medium text-stone-800">{state.file.name}</span>
        {state.status === 'finishing' ? null : (
          // Once the bytes are sent the server is checking them: there is nothing left to stop.
          <Button
            variant="ghost"
            size="sm"
            className="-my-1 -me-2 shrink-0"
            onClick={onCancel}
            aria-label={t('files.upload.cancelLabel', { name: state.file.name })}
          >
            <X className="size-4" aria-hidden="true" />
            {t('files.upload.cancel')}
          </Button>
        )}
      </div>
      <ProgressBar
        label={t('files.upload.progressLabel', { name: state.file.name })}
        value={state.status === 'uploading' ? state.percent : state.status === 'finishing' ? 100 : undefined}
      />
      <p className="text-xs text-stone-600 tabular-nums">{label}</p>
    </div>
  );
}
