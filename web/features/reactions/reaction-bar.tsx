import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SmilePlus } from 'lucide-react';
import type { ReactionSummary } from '@shared/api/reactions';
import { REACTION_EMOJI, REACTION_GLYPHS, type ReactionEmoji } from '@shared/domain/reactions';
import { onDemandDialog } from '@web/app/resilience/on-demand';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import type { ReactionSubject } from './api';
import { REACTION_LABEL_IDS } from './labels';
import { useReactions } from './use-reactions';
import { exportOf } from '@web/app/resilience/screen-loading';

/** Who reacted (a Radix Dialog) loads the first time a member may open it. */
const { Dialog: WhoReactedDialog, openerProps: whoReactedOpener } = onDemandDialog(
  exportOf(() => import('./who-reacted-dialog'), 'WhoReactedDialog'),
);

const control =
  'inline-flex items-center gap-1 rounded-full border text-sm transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
const chipClasses = `${control} h-8 px-2.5`;
const idleChip = 'border-stone-200 bg-white text-stone-700 hover:bg-stone-100';
const mineChip = 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100';

/**
 * A post's or a comment's reactions (ADR 044): a "👍 3" chip per emoji given, which toggles the
 * viewer's own (pressed when it is theirs), a button that opens the picker of the six emoji, and
 * "Who reacted", a dialog listing the members per emoji. The chips change at once and take the
 * server's counts when it answers (`useReactions`); `onSettled` hands those to the caller's caches.
 */
export function ReactionBar({
  subject,
  reactions,
  onSettled,
  className,
}: {
  subject: ReactionSubject;
  reactions: readonly ReactionSummary[];
  onSettled?: (reactions: ReactionSummary[]) => void;
  className?: string;
}) {
  const t = useT();
  const state = useReactions(subject, reactions, onSettled);
  const [whoOpen, setWhoOpen] = useState(false);
  return (
    <div
      role="group"
      aria-label={subject.kind === 'post' ? t('reactions.bar.post') : t('reactions.bar.comment')}
      aria-busy={state.pending || undefined}
      className={cn('flex flex-wrap items-center gap-1.5', className)}
    >
      {state.reactions.map((reaction) => (
        <button
          key={reaction.emoji}
          type="button"
          aria-pressed={reaction.reacted}
          // "Heart: 3 reactions" for screen readers; the glyph and the number are what the eye reads.
          aria-label={t('reactions.chip.label', {
            emoji: t(REACTION_LABEL_IDS[reaction.emoji]),
            count: reaction.count,
          })}
          title={
            reaction.reacted
              ? t('reactions.chip.remove', { emoji: t(REACTION_LABEL_IDS[reaction.emoji]) })
              : t('reactions.chip.react', { emoji: t(REACTION_LABEL_IDS[reaction.emoji]) })
          }
          onClick={() => void state.toggle(reaction.emoji)}
          className={cn(chipClasses, reaction.reacted ? mineChip : idleChip)}
        >
          <span aria-hidden="true">{REACTION_GLYPHS[reaction.emoji]}</span>
          <span aria-hidden="true" className="tabular-nums">
            {reaction.count}
          </span>
        </button>
      ))}
      <ReactionPicker
        subject={subject}
        reactions={state.reactions}
        onPick={(emoji) => void state.toggle(emoji)}
      />
      {state.reactions.length > 0 ? (
        <button
          type="button"
          {...whoReactedOpener}
          onClick={() => setWhoOpen(true)}
          className="rounded-md px-1.5 py-1 text-xs font-medium text-stone-600 underline-offset-2 hover:text-stone-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {t('reactions.who.title')}
        </button>
      ) : null}
      <WhoReactedDialog open={whoOpen} onOpenChange={setWhoOpen} subject={subject} />
    </div>
  );
}

/**
 * The button that opens the six emoji, and the small panel of them. The panel takes the focus on its
 * emoji (the viewer's first, else the first); arrows, Home and End move along it; Escape closes it
 * and gives the focus back to the button; a pick, a click outside or Tab away closes it too.
 */
function ReactionPicker({
  subject,
  reactions,
  onPick,
}: {
  subject: ReactionSubject;
  reactions: readonly ReactionSummary[];
  onPick: (emoji: ReactionEmoji) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const mine = new Set(reactions.filter((reaction) => reaction.reacted).map((reaction) => reaction.emoji));

  useEffect(() => {
    if (!open) return;
    const buttons = wrapper.current?.querySelectorAll<HTMLButtonElement>('[data-emoji]');
    const first = [...(buttons ?? [])].find((button) => button.getAttribute('aria-pressed') === 'true');
    (first ?? buttons?.[0])?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function close({ refocus }: { refocus: boolean }) {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-emoji]')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => {
      event.preventDefault();
      buttons[(index + buttons.length) % buttons.length]?.focus();
    };
    // The emoji run right to left in Arabic: the arrow pointing the way of the next one moves to it.
    const rtl = document.documentElement.dir === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close({ refocus: true });
    } else if (event.key === forward || event.key === 'ArrowDown') move(at + 1);
    else if (event.key === backward || event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(buttons.length - 1);
  }

  return (
    <div
      ref={wrapper}
      className="relative"
      onBlur={(event) => {
        if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-label={subject.kind === 'post' ? t('reactions.picker.post') : t('reactions.picker.comment')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title={t('reactions.picker.title')}
        onClick={() => setOpen((was) => !was)}
        className={cn(
          control,
          'h-8 w-9 justify-center border-transparent text-stone-500 hover:bg-stone-100 hover:text-stone-800',
          open && 'bg-stone-100 text-stone-800',
        )}
      >
        <SmilePlus className="size-[18px]" aria-hidden="true" />
      </button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label={t('reactions.picker.choose')}
          onKeyDown={onPanelKeyDown}
          className="absolute start-0 top-full z-30 mt-1 flex gap-0.5 rounded-xl border border-stone-200 bg-white p-1 shadow-lg shadow-stone-900/10 data-[state=open]:animate-pop-in"
          data-state="open"
        >
          {REACTION_EMOJI.map((emoji) => (
            <button
              key={emoji}
              type="button"
              data-emoji={emoji}
              aria-pressed={mine.has(emoji)}
              aria-label={t(REACTION_LABEL_IDS[emoji])}
              title={t(REACTION_LABEL_IDS[emoji])}
              onClick={() => {
                onPick(emoji);
                close({ refocus: true });
              }}
              className={cn(
                'flex size-10 items-center justify-center rounded-lg text-xl transition-transform',
                'hover:scale-110 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                mine.has(emoji) && 'bg-brand-50',
              )}
            >
              <span aria-hidden="true">{REACTION_GLYPHS[emoji]}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
