import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, CalendarSearch, Trash2 } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@shared/domain/constants';
import { DATE_POLL_LIMITS, EVENT_LIMITS } from '@shared/domain/gatherings';
import { systemTimeZone } from '@shared/domain/time-zones';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { Label, Textarea, TextField } from '@web/components/input';
import { PageHeader } from '@web/components/page-header';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { currentClock } from '@web/lib/time-zone';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { createDatePoll, datePollKeys } from './api';
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [place, setPlace] = useState('');
  const [capacity, setCapacity] = useState('');
  const [timeZone, setTimeZone] = useState(() => currentClock() ?? systemTimeZone());
  const [candidates, setCandidates] = useState<Candidate[]>(() => [emptyCandidate(), emptyCandidate()]);
  const descriptionId = useId();
  const mutation = useMutation({
    mutationFn: () =>
      createDatePoll({
        group_id: groupId,
        title: title.trim(),
        description,
        place,
        capacity: capacity ? Number(capacity) : null,
        time_zone: timeZone.trim(),
        candidates: candidates
          .filter((candidate) => candidate.startsAt)
          .map((candidate) => ({ starts_at: candidate.startsAt, ends_at: candidate.endsAt || null })),
      }),
    onSuccess: (poll) => {
      queryClient.setQueryData(datePollKeys.detail(poll.id), poll);
      void queryClient.invalidateQueries({ queryKey: datePollKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      navigate(datePollPath(poll.id));
    },
  });
  const errors = mutation.isError ? fieldErrorsOf(mutation.error) : {};
  const first = (field: string) => errors[field]?.[0];
  const dated = candidates.filter((candidate) => candidate.startsAt).length;
  const blank = title.trim() === '' || dated < DATE_POLL_LIMITS.candidatesMin;
  const change = (key: number, values: Partial<Candidate>) =>
    setCandidates((current) =>
      current.map((candidate) => (candidate.key === key ? { ...candidate, ...values } : candidate)),
    );

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
            <TextField
              label={t('gatherings.form.title')}
              name="title"
              required
              autoFocus
              maxLength={EVENT_LIMITS.title}
              value={title}
              error={first('title')}
              onChange={(change) => setTitle(change.target.value)}
            />
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-stone-800">
                {t('gatherings.datePollForm.dates', { min: DATE_POLL_LIMITS.candidatesMin })}
              </legend>
              {first('candidates') || first('starts_at') || first('ends_at') ? (
                <p className="text-sm text-red-700" role="alert">
                  {first('candidates') ?? first('starts_at') ?? first('ends_at')}
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
                      onClick={() =>
                        setCandidates((current) => current.filter((row) => row.key !== candidate.key))
                      }
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
                onClick={() => setCandidates((current) => [...current, emptyCandidate()])}
              >
                <CalendarPlus className="size-4" aria-hidden="true" />
                {t('gatherings.datePollForm.add')}
              </Button>
            </fieldset>
            <TextField
              label={t('gatherings.form.timeZone')}
              name="time_zone"
              value={timeZone}
              error={first('time_zone')}
              hint={t('gatherings.form.timeZoneHint')}
              onChange={(change) => setTimeZone(change.target.value)}
            />
            <div className="space-y-1.5">
              <Label htmlFor={descriptionId}>{t('gatherings.form.description')}</Label>
              <Textarea
                id={descriptionId}
                name="description"
                maxLength={LIMITS.postContent}
                value={description}
                onChange={(change) => setDescription(change.target.value)}
              />
            </div>
            <TextField
              label={t('gatherings.form.place')}
              name="place"
              maxLength={EVENT_LIMITS.place}
              value={place}
              error={first('place')}
              onChange={(change) => setPlace(change.target.value)}
            />
            <TextField
              label={t('gatherings.form.capacity')}
              name="capacity"
              type="number"
              min={1}
              max={EVENT_LIMITS.capacityMax}
              inputMode="numeric"
              value={capacity}
              error={first('capacity')}
              hint={t('gatherings.form.capacityHint')}
              onChange={(change) => setCapacity(change.target.value)}
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
