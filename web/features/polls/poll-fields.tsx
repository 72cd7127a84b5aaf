import { useId } from 'react';
import { ListChecks, Plus, X } from 'lucide-react';
import type { NewPoll } from '@shared/api/polls';
import { POLL_LIMITS, type PollResults } from '@shared/domain/polls';
import { Button } from '@web/components/button';
import { Input, Label } from '@web/components/input';
import { Select } from '@web/components/select';
import { useT } from '@web/i18n/i18n';

/** The poll a member is composing: labels as typed, the closing time as a local date and time. */
export interface PollDraft {
  options: string[];
  multiple: boolean;
  results: PollResults;
  anonymous: boolean;
  /** `datetime-local` text in the member's own zone; '' for none. */
  closesAt: string;
}

export const NEW_POLL_DRAFT: PollDraft = {
  options: ['', ''],
  multiple: false,
  results: 'after_voting',
  anonymous: false,
  closesAt: '',
};

export type PollProblem = 'options' | 'duplicate' | 'closesAt';

/** What stops the draft from being sent, checked as the server will (it checks again). */
export function pollProblem(draft: PollDraft, now: Date = new Date()): PollProblem | null {
  const labels = draft.options.map((label) => label.trim()).filter(Boolean);
  if (labels.length < POLL_LIMITS.optionsMin) return 'options';
  if (new Set(labels.map((label) => label.toLocaleLowerCase())).size !== labels.length) return 'duplicate';
  if (draft.closesAt && !(new Date(draft.closesAt).getTime() > now.getTime())) return 'closesAt';
  return null;
}

/** The draft as POST /api/posts takes it: blank options left out, the closing time as an instant. */
export function pollOf(draft: PollDraft): NewPoll {
  return {
    options: draft.options.map((label) => label.trim()).filter(Boolean),
    multiple: draft.multiple,
    results: draft.results,
    anonymous: draft.anonymous,
    closes_at: draft.closesAt ? new Date(draft.closesAt).toISOString() : null,
  };
}

/**
 * The composer's "Add poll" section (ADR 058): the post's title is the question; 2 to 10 options,
 * one or several choices, when results show, anonymous (said to be final), and an optional closing
 * time. `draft` null: no poll, only the Add poll button.
 */
export function PollFields({
  draft,
  onChange,
  problem,
  disabled,
}: {
  draft: PollDraft | null;
  onChange: (draft: PollDraft | null) => void;
  problem: PollProblem | null;
  disabled?: boolean;
}) {
  const t = useT();
  const ids = { results: useId(), closes: useId(), problem: useId() };
  if (!draft) {
    return (
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => onChange(NEW_POLL_DRAFT)}>
        <ListChecks className="size-4" aria-hidden="true" />
        {t('polls.composer.add')}
      </Button>
    );
  }
  const set = (fields: Partial<PollDraft>) => onChange({ ...draft, ...fields });
  const setOption = (index: number, label: string) =>
    set({ options: draft.options.map((old, i) => (i === index ? label : old)) });

  return (
    <fieldset className="rounded-xl border border-stone-200 p-3 sm:p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-stone-800">{t('polls.composer.legend')}</legend>
      <div className="space-y-4">
        <p className="text-xs text-stone-500">{t('polls.composer.question')}</p>
        <div className="space-y-2">
          {draft.options.map((label, index) => (
            <div key={index} className="flex items-center gap-2">
              <Input
                aria-label={t('polls.composer.option', { number: index + 1 })}
                placeholder={t('polls.composer.option', { number: index + 1 })}
                value={label}
                maxLength={POLL_LIMITS.option}
                aria-invalid={problem === 'options' || problem === 'duplicate' ? true : undefined}
                aria-describedby={problem && problem !== 'closesAt' ? ids.problem : undefined}
                onChange={(change) => setOption(index, change.target.value)}
              />
              {draft.options.length > POLL_LIMITS.optionsMin ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('polls.composer.removeOption', { number: index + 1 })}
                  onClick={() => set({ options: draft.options.filter((_, i) => i !== index) })}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          ))}
          {problem === 'options' || problem === 'duplicate' ? (
            <p id={ids.problem} className="text-sm text-red-700">
              {problem === 'options' ? t('polls.composer.tooFew') : t('polls.composer.duplicate')}
            </p>
          ) : null}
          {draft.options.length < POLL_LIMITS.optionsMax ? (
            <Button variant="ghost" size="sm" onClick={() => set({ options: [...draft.options, ''] })}>
              <Plus className="size-4" aria-hidden="true" />
              {t('polls.composer.addOption')}
            </Button>
          ) : null}
        </div>

        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={draft.multiple}
              onChange={(change) => set({ multiple: change.target.checked })}
            />
            {t('polls.composer.multiple')}
          </label>
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={draft.anonymous}
              onChange={(change) => set({ anonymous: change.target.checked })}
            />
            <span>
              {t('polls.composer.anonymous')}
              <span className="block text-xs text-stone-500">{t('polls.composer.anonymousHint')}</span>
            </span>
          </label>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={ids.results}>{t('polls.composer.results')}</Label>
            <Select
              id={ids.results}
              value={draft.results}
              onChange={(change) => set({ results: change.target.value as PollResults })}
            >
              <option value="after_voting">{t('polls.composer.afterVoting')}</option>
              <option value="after_closing">{t('polls.composer.afterClosing')}</option>
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.closes}>{t('polls.composer.closesAt')}</Label>
            <Input
              id={ids.closes}
              type="datetime-local"
              value={draft.closesAt}
              aria-invalid={problem === 'closesAt' ? true : undefined}
              aria-describedby={problem === 'closesAt' ? ids.problem : undefined}
              onChange={(change) => set({ closesAt: change.target.value })}
            />
            {problem === 'closesAt' ? (
              <p id={ids.problem} className="text-sm text-red-700">
                {t('polls.composer.closesPast')}
              </p>
            ) : (
              <p className="text-xs text-stone-500">{t('polls.composer.closesHint')}</p>
            )}
          </div>
        </div>

        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          <X className="size-4" aria-hidden="true" />
          {t('polls.composer.remove')}
        </Button>
      </div>
    </fieldset>
  );
}
