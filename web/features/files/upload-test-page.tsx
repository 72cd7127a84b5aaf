import { useId, useState, type FormEvent } from 'react';
import { Upload as UploadIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { FileRequest } from '@shared/api/files';
import { FILE_TYPES, type FileType } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Label } from '@web/components/input';
import { Select } from '@web/components/select';
import { useLocale, useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { localBytes } from './local-units';
import { UploadProgress } from './upload-progress';
import { useUpload } from './use-upload';

/**
 * /upload (spec section 2, "Bare file-upload test page"), with no shell: pick a file and its type,
 * Upload, watch the progress (or Cancel), then read what the server made of it.
 */
export function UploadTestPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t('files.testPage.documentTitle'));
  const ids = { file: useId(), type: useId() };
  const upload = useUpload();
  const { state } = upload;
  const [file, setFile] = useState<File | null>(null);
  const [fileType, setFileType] = useState<FileType>('post_attachment');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (file && !upload.busy) void upload.start(file, fileType);
  }

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <p className="text-sm">
        <Link to="/dashboard" className="font-medium text-brand-700 hover:underline">
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>{' '}
          {t('files.testPage.back')}
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900">
        {t('files.testPage.title')}
      </h1>
      <p className="mt-1 text-sm text-stone-600">{t('files.testPage.description')}</p>

      <form
        onSubmit={submit}
        className="mt-6 space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      >
        <div className="space-y-1.5">
          <Label htmlFor={ids.file}>{t('files.testPage.file')}</Label>
          <input
            id={ids.file}
            type="file"
            disabled={upload.busy}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-stone-700 file:me-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-200"
          />
          {file ? <p className="text-xs text-stone-500">{localBytes(file.size, locale)}</p> : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.type}>{t('files.testPage.type')}</Label>
          <Select
            id={ids.type}
            wrapperClassName="w-full sm:max-w-xs"
            value={fileType}
            disabled={upload.busy}
            onChange={(event) => setFileType(event.target.value as FileType)}
          >
            {FILE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </div>

        {state.status === 'requesting' || state.status === 'uploading' || state.status === 'finishing' ? (
          <UploadProgress state={state} onCancel={upload.cancel} />
        ) : null}
        {state.status === 'error' ? <Alert>{state.message}</Alert> : null}
        {state.status === 'cancelled' ? <Alert variant="info">{t('files.upload.cancelled')}</Alert> : null}

        <div className="flex justify-end">
          <Button type="submit" disabled={!file} busy={upload.busy}>
            {upload.busy ? null : <UploadIcon className="size-4" aria-hidden="true" />}
            {t('files.testPage.upload')}
          </Button>
        </div>
      </form>

      {state.status === 'done' ? <UploadResult file={state.result} /> : null}
    </main>
  );
}

function UploadResult({ file }: { file: FileRequest }) {
  const t = useT();
  const locale = useLocale();
  const rows: [string, string][] = [
    [t('files.testPage.name'), file.name],
    [t('files.testPage.type'), file.file_type],
    [t('files.testPage.status'), file.status],
    [t('files.testPage.size'), file.file_size === null ? '—' : localBytes(file.file_size, locale)],
    [t('files.testPage.contentType'), file.content_type ?? '—'],
  ];
  if (file.width && file.height)
    rows.push([t('files.testPage.dimensions'), `${file.width} × ${file.height}`]);
  return (
    <section
      aria-labelledby="upload-result"
      className="mt-6 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-5"
    >
      <h2 id="upload-result" className="text-base font-semibold text-stone-900">
        {t('files.testPage.uploaded')}
      </h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row">
        {file.thumbnail_url ? (
          <img
            src={file.thumbnail_url}
            alt={t('files.preview', { name: file.name })}
            className="size-20 shrink-0 rounded-lg bg-white object-cover ring-1 ring-stone-200"
          />
        ) : null}
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-stone-500">{term}</dt>
              <dd className="min-w-0 break-words text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {file.url ? (
        <a
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          {t('files.testPage.open')}
        </a>
      ) : null}
    </section>
  );
}
