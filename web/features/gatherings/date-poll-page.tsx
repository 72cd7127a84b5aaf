import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, MapPin, Star } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { DatePoll, DatePollCandidate } from '@shared/api/date-polls';
import { DATE_POLL_ANSWERS, type DatePollAnswer } from '@shared/domain/gatherings';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { LoadingScreen } from '@web/components/loading-screen';
import { Markdown } from '@web/components/markdown';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { RetryAlert } from '@web/components/retry-alert';
import { Message } from '@web/i18n/message';
import { useLocale, useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { useLiveEvents } from '@web/lib/live-events';
import { useClock } from '@web/lib/time-zone';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { answerDatePoll, datePollKeys, datePollQueryOptions, eventKeys, scheduleDatePoll } from './api';
import { eventWhen, plannedZoneNote } from './event-times';
import { eventPath, UPCOMING_EVENTS_PATH } from './paths';

const ANSWER_LABELS: Record<DatePollAnswer, string> = {
  yes: 'gatherings.datePoll.yes',
  if_need_be: 'gatherings.datePoll.ifNeedBe',
  no: 'gatherings.datePoll.no',
};

/**
 * /date_polls/{id} (ADR 057): the proposed dates on the member's clock, each a radio group (yes,
 * if need be, no) saved as soon as it changes, with its counts and who answered what; the best
 * date is marked. The organiser turns a date into the event; then the page leads to it. Others'
 * answers arrive live.
 */
export function DatePollPage() {
  const t = useT();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const poll = useQuery(datePollQueryOptions(id));
  useDocumentTitle(poll.data?.title ?? t('gatherings.datePoll.documentTitle'));
  useLiveEvents((live) => {
    if (live.type === 'date_poll.updated' && live.pollId === id)
      void queryClient.invalidateQueries({ queryKey: datePollKeys.detail(id) });
  });

  if (poll.isPending) return <LoadingScreen label={t('gatherings.datePoll.loading')} />;
  if (poll.isError) {
    if (isNotFoundError(poll.error)) {
      return (
        <NotFoundState
          title={t('gatherings.datePoll.notFound')}
          message={t('gatherings.event.notFoundMessage')}
          actions={<ButtonLink to={UPCOMING_EVENTS_PATH}>{t('gatherings.event.upcoming')}</ButtonLink>}
        />
      );
    }
    return (
      <RetryAlert
        message={errorMessage(poll.error)}
        retrying={poll.isFetching}
        onRetry={() => void poll.refetch()}
      />
    );
  }
  return <DatePollDetails poll={poll.data} />;
}

function DatePollDetails({ poll }: { poll: DatePoll }) {
  const t = useT();
  return (
    <div className="max-w-3xl space-y-6">
      <Card>
        <CardBody className="space-y-4">
          <div>
            {poll.group_id && poll.group_name ? (
              <Link
                to={`/group/${poll.group_id}`}
                className="text-sm font-medium text-brand-800 hover:underline"
              >
                {poll.group_name}
              </Link>
            ) : (
              <p className="text-sm text-stone-600">
                {t('gatherings.event.forFollowers', { name: poll.organizer.name })}
              </p>
            )}
            <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-stone-900">
              {poll.title}
            </h1>
            <p className="mt-1 text-sm text-stone-600">
              <Message
                id="gatherings.datePoll.proposedBy"
                values={{ name: poll.organizer.name }}
                components={{
                  link: (
                    <Link
                      to={`/profiles/${poll.organizer.profile_id}`}
                      className="font-medium hover:underline"
                    />
                  ),
                }}
              />
            </p>
          </div>
          {poll.place ? (
            <p className="flex gap-2 text-sm text-stone-700">
              <MapPin className="size-4 text-stone-500" aria-label={t('gatherings.event.where')} />
              {poll.place}
            </p>
          ) : null}
          {poll.description.trim() ? <Markdown titleLevel={1}>{poll.description}</Markdown> : null}
          {poll.event_id ? (
            <Alert variant="success">
              <Message
                id="gatherings.datePoll.scheduled"
                components={{
                  link: <Link to={eventPath(poll.event_id)} className="font-medium underline" />,
                }}
              />
            </Alert>
          ) : (
            <p className="text-sm text-stone-600">{t('gatherings.datePoll.instructions')}</p>
          )}
        </CardBody>
      </Card>
      <section aria-labelledby="date-poll-dates">
        <h2 id="date-poll-dates" className="sr-only">
          {t('gatherings.datePoll.dates')}
        </h2>
        <ol className="space-y-3">
          {poll.candidates.map((candidate) => (
            <li key={candidate.id}>
              <CandidateRow poll={poll} candidate={candidate} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** One date: its time, the viewer's mark (a radio group), its counts and names, and Schedule. */
function CandidateRow({ poll, candidate }: { poll: DatePoll; candidate: DatePollCandidate }) {
  const t = useT();
  const locale = useLocale();
  const clock = useClock();
  const queryClient = useQueryClient();
  const when = { ...candidate, all_day: false, time_zone: poll.time_zone };
  const note = plannedZoneNote(when, clock);
  const open = poll.event_id === null;
  const answer = useMutation({
    mutationFn: (mark: DatePollAnswer) =>
      answerDatePoll(poll.id, [{ candidate_id: candidate.id, answer: mark }]),
    onSuccess: (updated) => queryClient.setQueryData(datePollKeys.detail(poll.id), updated),
  });
  const mine = answer.isPending ? answer.variables : candidate.my_answer;
  return (
    <Card className={candidate.best ? 'border-brand-400 ring-1 ring-brand-300' : undefined}>
      <CardBody className="space-y-3" data-testid="date-poll-candidate">
        <fieldset disabled={!open || answer.isPending} className="space-y-2">
          <legend className="font-medium text-stone-900">
            {eventWhen(when, clock, locale)}
            {candidate.best ? (
              <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
                <Star className="size-3" aria-hidden="true" />
                {t('gatherings.datePoll.best')}
              </span>
            ) : null}
            {note ? <span className="block text-sm font-normal text-stone-500">{note}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-4">
            {DATE_POLL_ANSWERS.map((mark) => (
              <label key={mark} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name={`answer-${candidate.id}`}
                  value={mark}
                  className="size-4 accent-brand-600"
                  checked={mine === mark}
                  onChange={() => answer.mutate(mark)}
                />
                {t(ANSWER_LABELS[mark])}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm text-stone-600" data-testid="date-poll-counts">
          {t('gatherings.datePoll.counts', {
            yes: candidate.yes_count,
            ifNeedBe: candidate.if_need_be_count,
            no: candidate.no_count,
          })}
        </p>
        {candidate.answers.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t('gatherings.datePoll.who')}>
            {candidate.answers.map((row) => (
              <li key={row.profile_id} className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-800">
                {t('gatherings.datePoll.personAnswer', { name: row.name, answer: row.answer })}
              </li>
            ))}
          </ul>
        ) : null}
        {answer.isError ? <Alert>{errorMessage(answer.error)}</Alert> : null}
        {poll.can_schedule ? <ScheduleButton poll={poll} candidate={candidate} /> : null}
      </CardBody>
    </Card>
  );
}

/** The organiser's one step: this date becomes the event (a confirmation first: everyone is told). */
function ScheduleButton({ poll, candidate }: { poll: DatePoll; candidate: DatePollCandidate }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const schedule = useMutation({
    mutationFn: () => scheduleDatePoll(poll.id, candidate.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(datePollKeys.detail(poll.id), updated);
      void queryClient.invalidateQueries({ queryKey: datePollKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {confirming ? (
        <span
          role="group"
          aria-label={t('gatherings.datePoll.scheduleQuestion')}
          className="inline-flex gap-2"
        >
          <Button size="sm" busy={schedule.isPending} onClick={() => schedule.mutate()}>
            {t('gatherings.datePoll.scheduleYes')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            {t('gatherings.datePoll.scheduleKeep')}
          </Button>
        </span>
      ) : (
        <Button
          variant={candidate.best ? 'primary' : 'outline'}
          size="sm"
          onClick={() => setConfirming(true)}
        >
          <CalendarCheck className="size-4" aria-hidden="true" />
          {t('gatherings.datePoll.schedule')}
        </Button>
      )}
      {schedule.isError ? <Alert>{errorMessage(schedule.error)}</Alert> : null}
    </div>
  );
}
