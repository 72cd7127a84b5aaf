import { useId, useState, type RefObject } from 'react';
import { LIMITS } from '@shared/domain/constants';
import { Input, Label } from '@web/components/input';
import { Markdown } from '@web/components/markdown';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { contentCounter } from '../messages';
import { MentionTextarea } from '@web/features/comments/mention-textarea';

/**
 * The title and content of a post, as the new-post and edit screens ask for them: a required title
 * (its error under it), Markdown content with Write/Preview, @mention suggestions (only the group's
 * members for a group post) and the live 'n/2000' counter, red above the limit.
 */
export function PostTextFields({
  tldr,
  onTldrChange,
  content,
  onContentChange,
  titleError,
  titleRef,
  groupId,
  hint,
}: {
  tldr: string;
  onTldrChange: (value: string) => void;
  content: string;
  onContentChange: (value: string) => void;
  titleError: string | null;
  titleRef: RefObject<HTMLInputElement | null>;
  groupId?: string | null;
  /** The line under the content, e.g. "Markdown supported · Ctrl+Enter to post". */
  hint: string;
}) {
  const t = useT();
  const ids = { title: useId(), content: useId(), counter: useId(), titleError: useId() };
  const [preview, setPreview] = useState(false);
  const tooLong = content.length > LIMITS.postContent;

  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={ids.title} required>
          {t('posts.fields.title')}
        </Label>
        <Input
          ref={titleRef}
          id={ids.title}
          name="tldr"
          required
          autoFocus
          maxLength={LIMITS.postTldr}
          placeholder={t('posts.fields.titlePlaceholder')}
          value={tldr}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? ids.titleError : undefined}
          onChange={(event) => onTldrChange(event.target.value)}
        />
        {titleError ? (
          <p id={ids.titleError} className="text-sm text-red-700">
            {titleError}
          </p>
        ) : null}
      </div>

      <div className="space-y-1.5">
        <div className="flex items-end justify-between gap-3">
          <Label htmlFor={ids.content}>{t('posts.fields.content')}</Label>
          <div
            className="flex rounded-lg bg-stone-100 p-0.5 text-xs font-medium"
            role="group"
            aria-label={t('posts.fields.editorMode')}
          >
            <ModeButton active={!preview} onClick={() => setPreview(false)}>
              {t('posts.fields.write')}
            </ModeButton>
            <ModeButton active={preview} onClick={() => setPreview(true)}>
              {t('posts.fields.preview')}
            </ModeButton>
          </div>
        </div>
        {preview ? (
          <div className="min-h-48 rounded-lg border border-stone-200 bg-stone-50/60 px-3 py-2.5">
            {content.trim() ? (
              <Markdown>{content}</Markdown>
            ) : (
              <p className="text-sm text-stone-500">{t('posts.fields.nothingToPreview')}</p>
            )}
          </div>
        ) : (
          <MentionTextarea
            id={ids.content}
            name="content"
            rows={8}
            placeholder={t('posts.fields.contentPlaceholder')}
            value={content}
            onValueChange={onContentChange}
            groupId={groupId}
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={ids.counter}
            className="min-h-48 resize-y"
          />
        )}
        <div className="flex items-center justify-between gap-3 text-xs">
          <span className="text-stone-500">{hint}</span>
          <span
            id={ids.counter}
            data-testid="content-counter"
            className={cn('tabular-nums', tooLong ? 'font-semibold text-red-600' : 'text-stone-500')}
          >
            {contentCounter(content.length)}
          </span>
        </div>
      </div>
    </>
  );
}

function ModeButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'rounded-md px-2.5 py-1 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        active ? 'bg-white text-stone-900 shadow-xs' : 'text-stone-600 hover:text-stone-900',
      )}
    >
      {children}
    </button>
  );
}
