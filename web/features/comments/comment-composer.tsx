import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Label } from '@web/components/input';
import { cn } from '@web/lib/cn';
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
  /** Gets the trimmed text; answers whether to clear the box (after a successful send). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const id = useId();
  const counterId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(initialText);
  const blank = !text.trim();
  // What is counted and checked is what will be sent: the text without surrounding spaces.
  const length = text.trim().length;
  const tooLong = length > LIMITS.commentContent;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || tooLong || busy) return;
    if (await onSubmit(text.trim())) setText('');
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
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <MentionTextarea
        id={id}
        rows={3}
        placeholder={placeholder}
        value={text}
        onValueChange={setText}
        groupId={groupId}
        autoFocus={autoFocus}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={counterId}
        onKeyDown={handleKeyDown}
        className="min-h-20 bg-white"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-stone-500">
          <span className="hidden sm:inline">Ctrl+Enter to send · </span>
          <span
            id={counterId}
            data-testid="comment-counter"
            className={cn('tabular-nums', tooLong ? 'font-semibold text-red-600' : undefined)}
          >
            {length}/{LIMITS.commentContent}
          </span>
        </span>
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={busy}>
              Cancel
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
