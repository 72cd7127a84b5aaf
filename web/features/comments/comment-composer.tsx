import { useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Label } from '@web/components/input';
import { DraftNotice } from '@web/components/draft-notice';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { useDraft } from '@web/lib/use-draft';
import { useLeaveWarning } from '@web/lib/use-leave-warning';
import { MentionTextarea } from './mention-textarea';

/**
 * The one box for writing a comment, a reply or an edit: Markdown with @mention autocomplete, a
 * live 'n/limit' counter of the trimmed text (red above the limit), the button disabled while blank or too long,
 * Ctrl+Enter to send and, where it can be cancelled, Escape (or Cancel) to give up.
 */
export function CommentComposer({
  label,
  initialText = '',
  placeholder,
  submitLabel,
  busyLabel,
  busy,
  error,
  groupId,
  autoFocus,
  draftPlace,
  onSubmit,
  onCancel,
}: {
  /** The box's accessible name, e.g. "Add a comment". */
  label: string;
  initialText?: string;
  placeholder?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  /** The subject's group: only its members are offered to mention. */
  groupId?: string | null;
  autoFocus?: boolean;
  /** Where the text is kept as the member's draft until sent or discarded (see useDraft). */
  draftPlace: string;
  /** Gets the trimmed text; answers whether it was sent (the box then empties and its draft goes). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const t = useT();
  const id = useId();
  const counterId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useDraft(draftPlace, { text: initialText });
  const { text } = draft.values;
  useLeaveWarning(busy);
  const blank = !text.trim();
  // What is counted and checked is what will be sent: the text without surrounding spaces.
  const length = text.trim().length;
  const tooLong = length > LIMITS.commentContent;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || tooLong || busy) return;
    // Sent: the box empties and the draft goes.
    if (await onSubmit(text.trim())) draft.discard();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} className="space-y-2">
      {error ? <Alert>{error}</Alert> : null}
      {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <MentionTextarea
        id={id}
        rows={3}
        placeholder={placeholder}
        value={text}
        onValueChange={(value) => draft.update({ text: value })}
        groupId={groupId}
        autoFocus={autoFocus}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={counterId}
        onKeyDown={handleKeyDown}
        className="min-h-20 bg-white"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-stone-500">
          <span className="hidden sm:inline">{t('comments.composer.sendHint')} · </span>
          <span
            id={counterId}
            data-testid="comment-counter"
            className={cn('tabular-nums', tooLong ? 'font-semibold text-red-600' : undefined)}
          >
            {length}/{LIMITS.commentContent}
          </span>
        </span>
        <div className="ms-auto flex gap-2">
          {onCancel ? (
            <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={busy}>
              {t('comments.composer.cancel')}
            </Button>
          ) : null}
          <Button type="submit" size={onCancel ? 'sm' : undefined} disabled={blank || tooLong} busy={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
