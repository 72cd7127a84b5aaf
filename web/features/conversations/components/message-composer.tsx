import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText, Paperclip, SendHorizontal, X } from 'lucide-react';
import type { Message } from '@shared/api/conversations';
import type { FileRequest } from '@shared/api/files';
import { LIMITS } from '@shared/domain/constants';
import { CONVERSATION_LIMITS } from '@shared/domain/conversations';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { DraftNotice } from '@web/components/draft-notice';
import { Label, Textarea } from '@web/components/input';
import { ProgressBar } from '@web/components/progress-bar';
import { FilePicker, isUploadCancelled, uploadErrorMessage, uploadFile } from '@web/features/files';
import { useT } from '@web/i18n/i18n';
import { serverErrorText } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { useDraft } from '@web/lib/use-draft';
import { sendMessage } from '../api';
import { appendMessage } from '../thread-cache';

/** One file of the message being written: on its way, attached, or refused. */
interface PendingFile {
  key: string;
  name: string;
  percent: number | null;
  result: FileRequest | null;
  error: string | null;
}

let keys = 0;

/**
 * The thread's box: Markdown text, Enter sends and Shift+Enter starts a new line; files through the
 * one upload flow (type `message_attachment`, every file rule of the server holds), each with its
 * progress and a Remove button; the message it answers shown above it until sent or cancelled. The
 * text is kept as a draft of this conversation until sent.
 */
export function MessageComposer({
  conversationId,
  replyTo,
  onCancelReply,
  onSent,
}: {
  conversationId: string;
  replyTo: Message | null;
  onCancelReply: () => void;
  /** After a message was sent (the thread scrolls to it). */
  onSent: () => void;
}) {
  const t = useT();
  const fieldId = useId();
  const queryClient = useQueryClient();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const draft = useDraft(`message:${conversationId}`, { text: '' });
  const { text } = draft.values;
  const [files, setFiles] = useState<PendingFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  // Leaving the thread ends every transfer.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  // Answering a message puts the cursor in the box.
  useEffect(() => {
    if (replyTo) textRef.current?.focus();
  }, [replyTo]);

  const send = useMutation({
    mutationFn: () =>
      sendMessage(conversationId, {
        content: text.trim(),
        replyToId: replyTo?.id,
        fileRequestIds: files.flatMap((file) => (file.result ? [file.result.id] : [])),
      }),
    onSuccess: (message) => {
      appendMessage(queryClient, message);
      draft.discard();
      setFiles([]);
      onCancelReply();
      onSent();
      textRef.current?.focus();
    },
  });

  const update = (key: string, change: Partial<PendingFile>) =>
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));

  async function upload(file: File, key: string) {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    try {
      const result = await uploadFile(file, 'message_attachment', {
        signal: controller.signal,
        onProgress: (percent) => update(key, { percent }),
      });
      update(key, { result, percent: 100 });
    } catch (error) {
      if (isUploadCancelled(error)) return;
      console.error('Upload failed', error);
      update(key, { error: uploadErrorMessage(error) });
    } finally {
      controllers.current.delete(key);
    }
  }

  function pick(picked: File[]) {
    const room = Math.max(0, CONVERSATION_LIMITS.files - files.length);
    const added = picked.slice(0, room).map((file) => ({ file, key: `message-file-${++keys}` }));
    setFiles((current) => [
      ...current,
      ...added.map(({ file, key }) => ({ key, name: file.name, percent: null, result: null, error: null })),
    ]);
    for (const { file, key } of added) void upload(file, key);
  }

  function remove(key: string) {
    controllers.current.get(key)?.abort();
    setFiles((current) => current.filter((file) => file.key !== key));
    textRef.current?.focus();
  }

  const trimmed = text.trim();
  const attached = files.filter((file) => file.result).length;
  const uploading = files.some((file) => !file.result && !file.error);
  const tooLong = trimmed.length > LIMITS.commentContent;
  const ready = (trimmed.length > 0 || attached > 0) && !tooLong && !uploading;

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (ready && !send.isPending) send.mutate();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      onCancelReply();
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2 border-t border-stone-200 bg-white p-3 sm:p-4">
      {send.isError ? (
        <Alert>{serverErrorText(send.error) ?? t('conversations.composer.failed')}</Alert>
      ) : null}
      {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
      {replyTo ? (
        <div className="flex items-start gap-2 rounded-lg border-s-2 border-brand-400 bg-stone-50 px-3 py-1.5 text-xs">
          <p className="min-w-0 flex-1">
            <span className="block font-medium text-stone-700">
              {t('conversations.composer.replyingTo', {
                name: replyTo.sender?.name ?? t('conversations.message.deletedMember'),
              })}
            </span>
            <span className="line-clamp-1 text-stone-600">
              {replyTo.content || t('conversations.row.files')}
            </span>
          </p>
          <button
            type="button"
            onClick={onCancelReply}
            aria-label={t('conversations.composer.cancelReply')}
            className="rounded-md p-1 text-stone-500 hover:bg-stone-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('conversations.composer.files')}>
          {files.map((file) => (
            <li
              key={file.key}
              className={cn(
                'flex max-w-full items-center gap-2 rounded-lg border px-2 py-1.5 text-xs',
                file.error ? 'border-red-200 bg-red-50 text-red-800' : 'border-stone-200 bg-stone-50',
              )}
            >
              <FileText className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block max-w-48 truncate font-medium">{file.name}</span>
                {file.error ? (
                  <span role="alert">{file.error}</span>
                ) : file.result ? null : (
                  <ProgressBar
                    value={file.percent ?? 0}
                    label={t('conversations.composer.uploading', { name: file.name })}
                    className="mt-1 w-32"
                  />
                )}
              </span>
              <button
                type="button"
                onClick={() => remove(file.key)}
                aria-label={t('conversations.composer.removeFile', { name: file.name })}
                className="rounded-md p-1 text-stone-500 hover:bg-stone-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-2">
        <FilePicker
          multiple
          variant="ghost"
          size="icon"
          disabled={files.length >= CONVERSATION_LIMITS.files}
          onPickFiles={pick}
          className="shrink-0"
        >
          <Paperclip className="size-5" aria-hidden="true" />
          <span className="sr-only">{t('conversations.composer.attach')}</span>
        </FilePicker>
        <div className="min-w-0 flex-1">
          <Label htmlFor={fieldId} className="sr-only">
            {t('conversations.composer.label')}
          </Label>
          {/* One line high, growing with its text up to ten lines: the shared box's height is a form's. */}
          <Textarea
            ref={textRef}
            id={fieldId}
            rows={1}
            value={text}
            placeholder={t('conversations.composer.placeholder')}
            aria-invalid={tooLong ? true : undefined}
            onChange={(event) => draft.update({ text: event.target.value })}
            onKeyDown={onKeyDown}
            className="max-h-40 min-h-10! resize-none [field-sizing:content]"
          />
        </div>
        <Button type="submit" size="icon" disabled={!ready} busy={send.isPending} className="shrink-0">
          {send.isPending ? null : <SendHorizontal className="size-5 rtl:-scale-x-100" aria-hidden="true" />}
          <span className="sr-only">{t('conversations.composer.send')}</span>
        </Button>
      </div>
      <p className="hidden text-xs text-stone-500 sm:block">
        {tooLong ? (
          <span className="font-semibold text-red-600">
            {t('conversations.composer.tooLong', { max: LIMITS.commentContent })}
          </span>
        ) : (
          t('conversations.composer.hint')
        )}
      </p>
    </form>
  );
}
