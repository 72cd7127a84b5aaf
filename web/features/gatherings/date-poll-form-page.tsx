import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarPlus, CalendarSearch, Trash2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { DATE_POLL_LIMITS } from '@shared/domain/gatherings';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { TextField } from '@web/components/input';
import { PageHeader } from '@web/components/page-header';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { createDatePoll, datePollKeys } from './api';
import { emptyEventPlan, EventPlanFields, planBodyOf } from './components/event-plan-fields';
import { useOpenSaved } from './open-saved';
import { datePollPath, UPCOMING_EVENTS_PATH } from './paths';

interface Candidate {
  /** The row's key in the list, never sent. */
  key: number;
  startsAt: string;
  endsAt: string;
}

let nextKey = 0;
const emptyCandidate = (): Candidate => ({ key: nextKey++, startsAt: '', endsAt: '' });

/**
 * /date_polls/new (?group_id= for a group's poll): the organiser proposes 2 to 20 dates, each a
 * start and an optional end on the chosen zone's clocks, with what the event will be (ADR 057).
 */
export function NewDatePollPage() {
  const t = useT();
  useDocumentTitle(t('gatherings.datePollForm.title'));
  const [params] = useSearchParams();
  const groupId = params.get('group_id');
  const [plan, setPlan] = useState(emptyEventPlan);
  const [candidates, setCandidates] = useState<Candidate[]>(() => [emptyCandidate(), emptyCandidate()]);
  const openSaved = useOpenSaved(datePollKeys, datePollPath);
  const mutation = useMutation({
    mutationFn: () =>
      createDatePoll({
        ...planBodyOf(plan),
        group_id: groupId,
        candidates: candidates
          .filter((candidate) => candidate.startsAt)
          .map((candidate) => ({ starts_at: candidate.startsAt, ends_at: candidate.endsAt || null })),
      }),
    onSuccess: openSaved,
  });
  const errors = mutation.isError ? fieldErrorsOf(mutation.error) : {};
  const first = (field: string) => errors[field]?.[0];
  const dated = candidates.filter((candidate) => candidate.startsAt).length;
  const blank = plan.title.trim() === '' || dated < DATE_POLL_LIMITS.candidatesMin;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || mutation.isPending) return;
    mutation.mutate();
  }

  return (
    <div className="max-w-xl">
      <PageHeader
        title={t('gatherings.datePollForm.title')}
        description={t('gatherings.datePollForm.description', { group: groupId ? 'yes' : 'no' })}
      />
      <Card>
        <CardBody>
          <form onSubmit={submit} className="space-y-5" noValidate>
            {mutation.isError && Object.keys(errors).length === 0 ? (
              <Alert>{errorMessage(mutation.error)}</Alert>
            ) : null}
            <EventPlanFields
              plan={plan}
              onChange={(key, value) => setPlan((current) => ({ ...current, [key]: value }))}
              errorOf={first}
              times={<ProposedDates candidates={candidates} onChange={setCandidates} errorOf={first} />}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <ButtonLink to={groupId ? `/group/${groupId}` : UPCOMING_EVENTS_PATH} variant="ghost">
                {t('gatherings.form.cancel')}
              </ButtonLink>
              <Button type="submit" busy={mutation.isPending} disabled={blank}>
                {mutation.isPending ? null : <CalendarSearch className="size-4" aria-hidden="true" />}
                {t('gatherings.datePollForm.create')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}

/**
 * The dates proposed, each a start and an optional end on the poll's zone's clocks: between the
 * least and the most a poll takes, added and removed in place. A date's error is the list's.
 */
function ProposedDates({
  candidates,
  onChange,
  errorOf,
}: {
  candidates: Candidate[];
  onChange: Dispatch<SetStateAction<Candidate[]>>;
  errorOf: (field: string) => string | undefined;
}) {
  const t = useT();
  const listError = errorOf('candidates') ?? errorOf('starts_at') ?? errorOf('ends_at');
  const change = (key: number, values: Partial<Candidate>) =>
    onChange((current) =>
      current.map((candidate) => (candidate.key === key ? { ...candidate, ...values } : candidate)),
    );
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-stone-800">
        {t('gatherings.datePollForm.dates', { min: DATE_POLL_LIMITS.candidatesMin })}
      </legend>
      {listError ? (
        <p className="text-sm text-red-700" role="alert">
          {listError}
        </p>
      ) : null}
      <ol className="space-y-3">
        {candidates.map((candidate, index) => (
          <li key={candidate.key} className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label={t('gatherings.datePollForm.starts', { number: index + 1 })}
              name={`candidate_${index}_starts_at`}
              type="datetime-local"
              value={candidate.startsAt}
              onChange={(event) => change(candidate.key, { startsAt: event.target.value })}
            />
            <TextField
              className="flex-1"
              label={t('gatherings.datePollForm.ends', { number: index + 1 })}
              name={`candidate_${index}_ends_at`}
              type="datetime-local"
              value={candidate.endsAt}
              onChange={(event) => change(candidate.key, { endsAt: event.target.value })}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={candidates.length <= DATE_POLL_LIMITS.candidatesMin}
              aria-label={t('gatherings.datePollForm.remove', { number: index + 1 })}
              onClick={() => onChange((current) => current.filter((row) => row.key !== candidate.key))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <p className="text-xs text-stone-500">{t('gatherings.form.endsHint')}</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={candidates.length >= DATE_POLL_LIMITS.candidatesMax}
        onClick={() => onChange((current) => [...current, emptyCandidate()])}
      >
        <CalendarPlus className="size-4" aria-hidden="true" />
        {t('gatherings.datePollForm.add')}
      </Button>
    </fieldset>
  );
}
