import { FileText, X } from 'lucide-react';
import type { FileRequest } from '@shared/api/files';
import { Button } from '@web/components/button';
import { useLocale, useT } from '@web/i18n/i18n';
import { localBytes } from './local-units';

/** A finished upload as a chip: its thumbnail (images) or a file icon, name, size and Remove. */
export function AttachedFile({ file, onRemove }: { file: FileRequest; onRemove?: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white px-3 py-2.5 shadow-xs">
      {file.has_image && file.thumbnail_url ? (
        <img
          src={file.thumbnail_url}
          alt={t('files.preview', { name: file.name })}
          width={48}
          height={48}
          className="size-12 shrink-0 rounded-lg bg-stone-100 object-cover ring-1 ring-stone-200"
        />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-stone-50 text-brand-700 ring-1 ring-stone-200">
          <FileText className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium wrap-anywhere text-stone-900">{file.name}</p>
        {file.file_size !== null ? (
          <p className="text-xs text-stone-500">{localBytes(file.file_size, locale)}</p>
        ) : null}
      </div>
      {onRemove ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={t('files.removeLabel', { name: file.name })}
        >
          <X className="size-4" aria-hidden="true" />
          {t('files.remove')}
        </Button>
      ) : null}
    </div>
  );
}
