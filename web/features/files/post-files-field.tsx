import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ChevronLeft, ChevronRight, FileText, ImagePlus, Sparkles, X } from 'lucide-react';
import type { FileRequest } from '@shared/api/files';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Label, Textarea } from '@web/components/input';
import { ProgressBar } from '@web/components/progress-bar';
import { useLocale, useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { fetchFileRequest } from './api';
import { FilePicker } from './file-picker';
import { localBytes } from './local-units';
import { isUploadCancelled, uploadErrorMessage, uploadFile } from './upload-file';

/** One file of the composer: on its way, attached (with its description), or refused. */
export interface PostFileItem {
  key: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  percent: number | null;
  result: FileRequest | null;
  message: string | null;
  alt: string;
}

/** What the form needs: the attached files in order, their descriptions, and whether to wait. */
export interface PostFilesValue {
  files: FileRequest[];
  alts: Record<string, string>;
  uploading: boolean;
}

export const NO_POST_FILES: PostFilesValue = { files: [], alts: {}, uploading: false };

/** `list` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** The attached photos that have no description yet (what the reminder counts). */
export function undescribedPhotos(value: PostFilesValue): FileRequest[] {
  return value.files.filter((file) => file.has_image && !value.alts[file.id]?.trim());
}

let keys = 0;

/** How often, and how long, the composer asks whether a photo's description draft is ready. */
export const DRAFT_POLL_MS = 1500;
const DRAFT_WAIT_MS = 60_000;

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * The photo as it is once the worker has read it (its `alt_draft` done), or null when that takes
 * past DRAFT_WAIT_MS or asking fails: the draft is a help, never something to wait on.
 */
async function awaitDraft(id: string, signal: AbortSignal): Promise<FileRequest | null> {
  const deadline = Date.now() + DRAFT_WAIT_MS;
  while (Date.now() < deadline) {
    await pause(DRAFT_POLL_MS, signal);
    const now = await fetchFileRequest(id, signal).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return null;
    });
    if (!now) return null;
    if (now.alt_draft?.status !== 'reading') return now;
  }
  return null;
}

/**
 * The files of a new post (ADR 048): pick several at once and add more (up to 20), each uploading
 * with its own progress through the one upload path; thumbnails in the order they will show, moved
 * by dragging or by the Move left / Move right buttons; Remove before posting; a description (alt
 * text) under each photo, with the draft Hearth made from the photo (ADR 051) offered beside it
 * until the author takes it. Tells the form through `onChange`.
 */
export function PostFilesField({
  onChange,
  disabled = false,
}: {
  onChange: (value: PostFilesValue) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  const [items, setItems] = useState<PostFileItem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [limitNotice, setLimitNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const dragged = useRef<number | null>(null);

  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  useEffect(() => {
    const done = items.filter((item) => item.status === 'done' && item.result);
    report.current({
      files: done.map((item) => item.result!),
      alts: Object.fromEntries(done.map((item) => [item.result!.id, item.alt.trim()])),
      uploading: items.some((item) => item.status === 'uploading'),
    });
  }, [items]);

  // Leaving the screen ends every transfer.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (key: string, change: Partial<PostFileItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function upload(file: File, key: string) {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    try {
      const result = await uploadFile(file, 'post_attachment', {
        signal: controller.signal,
        onProgress: (percent) => update(key, { percent }),
      });
      update(key, { status: 'done', result, percent: 100 });
      // The worker reads the photo for a description draft (ADR 051); it is offered when ready.
      if (result.alt_draft?.status === 'reading') {
        const read = await awaitDraft(result.id, controller.signal);
        if (read) update(key, { result: read });
      }
    } catch (error) {
      if (isUploadCancelled(error)) return;
      // Spec section 8: upload failures are logged; the composer also says what went wrong.
      console.error('Upload failed', error);
      update(key, { status: 'error', message: uploadErrorMessage(error) });
    } finally {
      controllers.current.delete(key);
    }
  }

  function pick(files: File[]) {
    const room = LIMITS.postFiles - items.length;
    const taken = files.slice(0, Math.max(0, room));
    setLimitNotice(
      files.length > taken.length
        ? t('files.field.tooMany', { max: LIMITS.postFiles, count: files.length - taken.length })
        : null,
    );
    const added = taken.map((file) => ({
      item: {
        key: `file-${++keys}`,
        name: file.name,
        status: 'uploading' as const,
        percent: null,
        result: null,
        message: null,
        alt: '',
      },
      file,
    }));
    setItems((current) => [...current, ...added.map(({ item }) => item)]);
    for (const { item, file } of added) void upload(file, item.key);
  }

  function remove(key: string) {
    controllers.current.get(key)?.abort();
    const item = items.find((entry) => entry.key === key);
    setItems((current) => current.filter((entry) => entry.key !== key));
    if (item) setAnnouncement(t('files.field.removed', { name: item.name }));
  }

  function move(index: number, to: number) {
    const item = items[index];
    if (!item || to < 0 || to >= items.length) return;
    setItems((current) => moveItem(current, index, to));
    setAnnouncement(t('files.field.moved', { name: item.name, position: to + 1, count: items.length }));
  }

  function drop(event: DragEvent<HTMLLIElement>, index: number) {
    event.preventDefault();
    if (dragged.current !== null) move(dragged.current, index);
    dragged.current = null;
  }

  const full = items.length >= LIMITS.postFiles;

  return (
    <div className="space-y-2" role="group" aria-labelledby={headingId} aria-describedby={hintId}>
      <p id={headingId} className="text-sm font-medium text-stone-800">
        {t('files.field.heading')}
      </p>
      {limitNotice ? <Alert>{limitNotice}</Alert> : null}
      {items.length > 0 ? (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('files.field.list')}>
          {items.map((item, index) => (
            <li
              key={item.key}
              draggable={!disabled && items.length > 1}
              onDragStart={() => (dragged.current = index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => drop(event, index)}
              className="space-y-2 rounded-xl border border-stone-200 bg-white p-2.5 shadow-xs"
              data-testid="post-file"
            >
              <FileTile item={item} position={index + 1} />
              {item.status === 'error' ? (
                <p className="text-xs text-red-700" role="alert">
                  {t('files.field.attachFailed', { name: item.name, reason: item.message ?? '' })}
                </p>
              ) : null}
              {item.status === 'done' && item.result?.has_image ? (
                <AltField
                  name={item.name}
                  value={item.alt}
                  draft={item.result.alt_draft}
                  disabled={disabled}
                  onChange={(alt) => update(item.key, { alt })}
                />
              ) : null}
              <div className="flex flex-wrap items-center gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={disabled || index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                  {/* Named by its text, the file's name heard but not shown: the name holds what is seen. */}
                  <Message
                    id="files.field.moveEarlier"
                    values={{ name: item.name }}
                    components={{ hidden: <span className="sr-only" /> }}
                  />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={disabled || index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <Message
                    id="files.field.moveLater"
                    values={{ name: item.name }}
                    components={{ hidden: <span className="sr-only" /> }}
                  />
                  <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="ms-auto"
                  disabled={disabled}
                  onClick={() => remove(item.key)}
                  aria-label={t('files.removeLabel', { name: item.name })}
                >
                  <X className="size-4" aria-hidden="true" />
                  {t('files.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <FilePicker multiple disabled={disabled || full} onPickFiles={pick}>
          <ImagePlus className="size-4" aria-hidden="true" />
          {items.length > 0 ? t('files.field.addMore') : t('files.field.attach')}
        </FilePicker>
        <span id={hintId} className="text-xs text-stone-500">
          {t('files.field.hint', { max: LIMITS.postFiles })}
        </span>
      </div>
      <p className="sr-only" role="status">
        {announcement}
      </p>
    </div>
  );
}

function FileTile({ item, position }: { item: PostFileItem; position: number }) {
  const t = useT();
  const locale = useLocale();
  const result = item.result;
  return (
    <div className="flex items-center gap-3">
      {result?.has_image && result.thumbnail_url ? (
        <img
          src={result.thumbnail_url}
          alt={t('files.preview', { name: item.name })}
          width={result.width ?? 64}
          height={result.height ?? 64}
          className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover ring-1 ring-stone-200"
        />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-stone-50 text-brand-700 ring-1 ring-stone-200">
          <FileText className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate text-sm font-medium text-stone-900">
          <span className="sr-only">{`${position}. `}</span>
          {item.name}
        </p>
        {item.status === 'uploading' ? (
          <>
            <ProgressBar
              label={t('files.upload.progressLabel', { name: item.name })}
              value={item.percent ?? undefined}
            />
            <p className="text-xs text-stone-600 tabular-nums">
              {item.percent === null
                ? t('files.upload.requesting')
                : t('files.upload.uploading', { percent: item.percent })}
            </p>
          </>
        ) : result?.file_size != null ? (
          <p className="text-xs text-stone-500">{localBytes(result.file_size, locale)}</p>
        ) : null}
      </div>
    </div>
  );
}

function AltField({
  name,
  value,
  draft,
  disabled,
  onChange,
}: {
  name: string;
  value: string;
  draft: FileRequest['alt_draft'];
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const suggestion = draft?.status === 'done' && draft.text && !value.trim() ? draft.text : null;

  function take(text: string) {
    onChange(text);
    // The author reads and edits it now: it is theirs once posted.
    requestAnimationFrame(() => field.current?.focus());
  }

  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{t('files.alt.field', { name })}</Label>
      <Textarea
        ref={field}
        id={id}
        rows={2}
        value={value}
        disabled={disabled}
        maxLength={LIMITS.fileAlt}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('files.alt.placeholder')}
        data-alt-field=""
        className="min-h-16"
      />
      {draft?.status === 'reading' && !value.trim() ? (
        <p className="text-xs text-stone-500">{t('files.alt.reading')}</p>
      ) : null}
      {suggestion ? (
        <div
          className="space-y-1.5 rounded-lg border border-dashed border-amber-300 bg-amber-50 p-2 text-xs text-stone-700"
          role="group"
          aria-label={t('files.alt.suggestionLabel', { name })}
        >
          <p>
            <span className="inline-flex items-center gap-1 font-medium text-amber-800">
              <Sparkles className="size-3.5" aria-hidden="true" />
              {t('files.alt.suggested')}
            </span>{' '}
            <q className="wrap-anywhere">{suggestion}</q>
          </p>
          <Button variant="outline" size="sm" disabled={disabled} onClick={() => take(suggestion)}>
            <Message
              id="files.alt.use"
              values={{ name }}
              components={{ hidden: <span className="sr-only" /> }}
            />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
