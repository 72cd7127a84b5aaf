import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag, MoreHorizontal, Pencil, Reply, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { Message } from '@shared/api/conversations';
import { LIMITS } from '@shared/domain/constants';
import { onDemandDialog } from '@web/app/resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { Label, Textarea } from '@web/components/input';
import { Markdown } from '@web/components/markdown';
import { MenuContent, MenuItem } from '@web/components/menu';
import { Time } from '@web/components/time';
import { EditedMark } from '@web/features/comments';
import { PostFiles, type AttachmentPost } from '@web/features/posts/components/post-attachment';
import { useT } from '@web/i18n/i18n';
import { serverErrorText } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { initialsOf } from '@web/lib/initials';
import { deleteMessage, editMessage } from '../api';
import { replaceMessage } from '../thread-cache';

const { Dialog: ReportMessageDialog, openerProps: reportOpener } = onDemandDialog(
  exportOf(() => import('./report-message-dialog'), 'ReportMessageDialog'),
);

/** The element id of a message in the thread, so a reply's quote can lead to it. */
export const messageElementId = (id: string) => `message-${id}`;

/** A message's files as the post viewer takes them: the first one described, all of them listed. */
function attachmentOf(message: Message, title: string): AttachmentPost {
  const [first] = message.files;
  return {
    tldr: title,
    file_url: first?.url ?? null,
    file_name: first?.name ?? null,
    has_image: Boolean(first?.content_type?.startsWith('image/')),
    has_video: Boolean(first?.content_type?.startsWith('video/')),
    file_size: first?.size ?? null,
    file_width: first?.width ?? null,
    file_height: first?.height ?? null,
    thumbnail_url: first?.thumbnail_url ?? null,
    file_duration_ms: first?.duration_ms ?? null,
    file_poster_url: first?.poster_url ?? null,
    files: message.files,
  };
}

/**
 * One message of the thread: the viewer's own at the end, others' at the start with their picture
 * and (where the sender changes) their name; the Markdown text, files as in posts, the quoted message
 * it answers, its time and "edited". Its menu offers Reply, and what the server allows: Edit (in
 * place), Delete for everyone (confirmed), Report (others' messages). A deleted message reads
 * "Message deleted"; a deleted member's comes from "deleted member", its text gone with the account.
 */
export function MessageItem({
  message,
  showSender,
  seenBy,
  canReply,
  onReply,
  highlighted = false,
}: {
  message: Message;
  /** The first of a run by the same sender: their name and picture show. */
  showSender: boolean;
  /** Who has read up to this message (names), when they share it. */
  seenBy: string[];
  canReply: boolean;
  onReply: (message: Message) => void;
  /** The message a search result opened the thread at: marked out, and the current one for assistive tech. */
  highlighted?: boolean;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const own = message.is_owner;
  // A deleted account takes its messages' text with it; the messages stay, from a "deleted member".
  const erased = !message.sender && !message.content && message.files.length === 0;
  const senderName = message.sender?.name ?? t('conversations.message.deletedMember');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteMessage(message.id),
    onSuccess: () => {
      setConfirming(false);
      replaceMessage(queryClient, {
        ...message,
        content: '',
        files: [],
        deleted: true,
        can_edit: false,
        can_delete: false,
      });
    },
  });
  const hasMenu = !message.deleted && !erased && (canReply || message.can_edit || message.can_delete || !own);

  return (
    <article
      id={messageElementId(message.id)}
      tabIndex={-1}
      aria-current={highlighted || undefined}
      aria-label={t('conversations.message.label', {
        name: own ? t('conversations.message.you') : senderName,
      })}
      className={cn(
        'group flex scroll-mt-4 gap-2 rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        own ? 'flex-row-reverse' : 'flex-row',
        showSender ? 'mt-3' : 'mt-1',
        highlighted && 'bg-amber-100/80 ring-2 ring-amber-300',
      )}
    >
      {own ? null : showSender ? (
        <Avatar
          src={message.sender?.avatar}
          initials={initialsOf(message.sender?.name ?? '?')}
          size="sm"
          className="mt-5"
        />
      ) : (
        <span className="w-7 shrink-0" aria-hidden="true" />
      )}
      <div
        className={cn('flex max-w-[85%] min-w-0 flex-col sm:max-w-[75%]', own ? 'items-end' : 'items-start')}
      >
        {showSender && !own ? (
          <p
            className={cn(
              'mb-0.5 px-1 text-xs font-medium',
              message.sender ? 'text-stone-700' : 'text-stone-500 italic',
            )}
          >
            {senderName}
          </p>
        ) : null}
        <div
          className={cn('flex max-w-full min-w-0 items-start gap-1', own ? 'flex-row-reverse' : 'flex-row')}
        >
          <div
            className={cn(
              'min-w-0 rounded-2xl px-3.5 py-2 ring-1',
              own ? 'rounded-se-md bg-brand-50 ring-brand-100' : 'rounded-ss-md bg-white ring-stone-200',
              message.deleted && 'bg-stone-50 ring-stone-200',
            )}
          >
            {message.reply_to && !message.deleted ? <ReplyQuote reply={message.reply_to} /> : null}
            {message.deleted ? (
              <p className="text-sm text-stone-500 italic">{t('conversations.message.deleted')}</p>
            ) : erased ? (
              <p className="text-sm text-stone-500 italic">{t('conversations.message.erased')}</p>
            ) : editing ? (
              <EditForm message={message} onDone={() => setEditing(false)} />
            ) : (
              <>
                {message.content ? (
                  <Markdown className="text-[15px] wrap-anywhere" titleLevel={2}>
                    {message.content}
                  </Markdown>
                ) : null}
                {message.files.length > 0 ? (
                  <PostFiles
                    post={attachmentOf(message, t('conversations.message.filesOf', { name: senderName }))}
                    className={cn('w-72 max-w-full', message.content && 'mt-2')}
                  />
                ) : null}
              </>
            )}
          </div>
          {hasMenu && !editing ? (
            <MessageMenu
              message={message}
              canReply={canReply}
              reported={reported}
              onReply={() => onReply(message)}
              onEdit={() => setEditing(true)}
              onDelete={() => setConfirming(true)}
              onReport={() => setReporting(true)}
            />
          ) : null}
        </div>
        <p className="mt-0.5 px-1 text-[11px] text-stone-500">
          <Time value={message.created_at} />
          {message.edited_at && !message.deleted ? (
            <>
              {' · '}
              <EditedMark editedAt={message.edited_at} />
            </>
          ) : null}
        </p>
        {seenBy.length > 0 ? (
          <p className="px-1 text-[11px] text-stone-500">
            {t('conversations.message.seenBy', { names: seenBy.join(', ') })}
          </p>
        ) : null}
      </div>

      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) remove.reset();
          setConfirming(open);
        }}
        dismissible={!remove.isPending}
        // Deleted, the message has no menu to return to: the focus goes to the message itself.
        focusOnClose={() => (remove.isSuccess ? document.getElementById(messageElementId(message.id)) : null)}
        title={t('conversations.delete.title')}
        description={t('conversations.delete.description')}
      >
        {remove.isError ? (
          <Alert className="mb-4">{serverErrorText(remove.error) ?? t('conversations.delete.failed')}</Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('conversations.delete.cancel')}
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
            {t('conversations.delete.confirm')}
          </Button>
        </div>
      </Dialog>
      <ReportMessageDialog
        messageId={message.id}
        open={reporting}
        onOpenChange={setReporting}
        onReported={() => setReported(true)}
      />
    </article>
  );
}

/** The message this one answers: who wrote it and the start of it; a press leads to it when loaded. */
function ReplyQuote({ reply }: { reply: NonNullable<Message['reply_to']> }) {
  const t = useT();
  const name = reply.sender_name ?? t('conversations.message.deletedMember');
  const text = reply.deleted
    ? t('conversations.message.deleted')
    : reply.preview || t('conversations.row.files');
  function show() {
    const target = document.getElementById(messageElementId(reply.id));
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }
  return (
    <button
      type="button"
      onClick={show}
      aria-label={t('conversations.message.replyTo', { name, text })}
      className="mb-1.5 block w-full rounded-lg border-s-2 border-brand-400 bg-stone-100/80 px-2.5 py-1 text-start text-xs hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <span className="block font-medium text-stone-700">{name}</span>
      <span className={cn('line-clamp-2 text-stone-600', reply.deleted && 'italic')}>{text}</span>
    </button>
  );
}

/** Edit in place: Enter saves, Shift+Enter starts a new line, Escape gives up. */
function EditForm({ message, onDone }: { message: Message; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [text, setText] = useState(message.content);
  const fieldId = `edit-${message.id}`;
  const edit = useMutation({
    mutationFn: (content: string) => editMessage(message.id, content),
    onSuccess: (updated) => {
      replaceMessage(queryClient, updated);
      onDone();
    },
  });
  const trimmed = text.trim();
  const invalid = (!trimmed && message.files.length === 0) || trimmed.length > LIMITS.commentContent;

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!invalid && !edit.isPending) edit.mutate(trimmed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  }

  return (
    <form onSubmit={submit} className="w-72 max-w-full space-y-2 sm:w-96">
      {edit.isError ? <Alert>{serverErrorText(edit.error) ?? t('conversations.edit.failed')}</Alert> : null}
      <Label htmlFor={fieldId} className="sr-only">
        {t('conversations.edit.label')}
      </Label>
      <Textarea
        id={fieldId}
        rows={3}
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="bg-white"
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone} disabled={edit.isPending}>
          {t('conversations.edit.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={invalid} busy={edit.isPending}>
          {t('conversations.edit.save')}
        </Button>
      </div>
    </form>
  );
}

function MessageMenu({
  message,
  canReply,
  reported,
  onReply,
  onEdit,
  onDelete,
  onReport,
}: {
  message: Message;
  canReply: boolean;
  reported: boolean;
  onReply: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onReport: () => void;
}) {
  const t = useT();
  // Reply moves the cursor to the composer, once the menu has closed: the menu then must not take
  // the focus back to its button (nor hold it in its trap while the composer asks for it).
  const replying = useRef(false);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('conversations.menu.label')}
        {...(message.is_owner ? {} : reportOpener)}
        className="shrink-0 rounded-lg p-1.5 text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none data-[state=open]:bg-stone-100"
      >
        <MoreHorizontal className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <MenuContent
        className="min-w-44"
        align={message.is_owner ? 'end' : 'start'}
        onCloseAutoFocus={(event) => {
          if (!replying.current) return;
          replying.current = false;
          event.preventDefault();
          onReply();
        }}
      >
        {canReply ? (
          <MenuItem
            onSelect={() => {
              replying.current = true;
            }}
          >
            <Reply className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('conversations.menu.reply')}
          </MenuItem>
        ) : null}
        {message.can_edit ? (
          <MenuItem onSelect={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
            {t('conversations.menu.edit')}
          </MenuItem>
        ) : null}
        {message.can_delete ? (
          <MenuItem className="text-red-700" onSelect={onDelete}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('conversations.menu.delete')}
          </MenuItem>
        ) : null}
        {message.is_owner ? null : (
          <MenuItem onSelect={onReport} disabled={reported}>
            <Flag className="size-4" aria-hidden="true" />
            {reported ? t('conversations.menu.reported') : t('conversations.menu.report')}
          </MenuItem>
        )}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
