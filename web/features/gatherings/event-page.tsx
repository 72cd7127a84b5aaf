import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, BellRing, CalendarDays, Download, MapPin, Pencil, UsersRound } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { EventAnswer, GroupEvent } from '@shared/api/gatherings';
import {
  EVENT_LIMITS,
  REMINDER_CHOICES,
  type ReminderChoice,
  type RsvpStatus,
} from '@shared/domain/gatherings';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { LoadingScreen } from '@web/components/loading-screen';
import { Markdown } from '@web/components/markdown';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { RetryAlert } from '@web/components/retry-alert';
import { Select } from '@web/components/select';
import { Message } from '@web/i18n/message';
import { useLocale, useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { safeUrl } from '@web/lib/safe-url';
import { useLiveEvents } from '@web/lib/live-events';
import { useClock } from '@web/lib/time-zone';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { answerEvent, cancelEvent, chooseReminders, eventKeys, eventQueryOptions } from './api';
import { answerOf } from './components/event-list';
import { EventPhotos } from './components/event-photos';
import { countsText, eventWhen, plannedZoneNote } from './event-times';
import { editEventPath, UPCOMING_EVENTS_PATH } from './paths';
import { REMINDER_LABELS } from './reminder-labels';

const ANSWERS: { status: RsvpStatus; label: string }[] = [
  { status: 'going', label: 'gatherings.answer.going' },
  { status: 'maybe', label: 'gatherings.answer.maybe' },
  { status: 'declined', label: 'gatherings.answer.declined' },
];

/**
 * /events/{id} (ADR 057): when and where (on the member's clock), the description, the member's
 * answer (with guests where allowed), who is going, who waits and who may come, the `.ics`, and
 * for the organiser Edit and Cancel. Answers from others arrive live.
 */
export function EventPage() {
  const t = useT();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const event = useQuery(eventQueryOptions(id));
  useDocumentTitle(event.data?.title ?? t('gatherings.event.documentTitle'));
  useLiveEvents((live) => {
    if (live.type === 'group_event.updated' && live.eventId === id)
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) });
  });

  if (event.isPending) return <LoadingScreen label={t('gatherings.event.loading')} />;
  if (event.isError) {
    if (isNotFoundError(event.error)) {
      return (
        <NotFoundState
          title={t('gatherings.event.notFound')}
          message={t('gatherings.event.notFoundMessage')}
          actions={<ButtonLink to={UPCOMING_EVENTS_PATH}>{t('gatherings.event.upcoming')}</ButtonLink>}
        />
      );
    }
    return (
      <RetryAlert
        message={errorMessage(event.error)}
        retrying={event.isFetching}
        onRetry={() => void event.refetch()}
      />
    );
  }
  return <EventDetails event={event.data} />;
}

function EventDetails({ event }: { event: GroupEvent }) {
  const t = useT();
  const locale = useLocale();
  const clock = useClock();
  const note = plannedZoneNote(event, clock);
  const mapUrl = event.map_url ? safeUrl(event.map_url) : null;
  return (
    <div className="max-w-3xl space-y-6">
      <Card>
        <CardBody className="space-y-4">
          {event.cancelled ? <Alert>{t('gatherings.event.cancelled')}</Alert> : null}
          <div>
            {event.group_id && event.group_name ? (
              <Link
                to={`/group/${event.group_id}`}
                className="text-sm font-medium text-brand-800 hover:underline"
              >
                {event.group_name}
              </Link>
            ) : (
              <p className="text-sm text-stone-600">
                {t('gatherings.event.forFollowers', { name: event.organizer.name })}
              </p>
            )}
            <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-stone-900">
              {event.title}
            </h1>
            <p className="mt-1 text-sm text-stone-600">
              <Message
                id="gatherings.event.organisedBy"
                values={{ name: event.organizer.name }}
                components={{
                  link: (
                    <Link
                      to={`/profiles/${event.organizer.profile_id}`}
                      className="font-medium hover:underline"
                    />
                  ),
                }}
              />
            </p>
          </div>
          <dl className="space-y-2 text-sm text-stone-700">
            <div className="flex gap-2">
              <dt>
                <CalendarDays className="size-4 text-stone-500" aria-label={t('gatherings.event.when')} />
              </dt>
              <dd>
                {eventWhen(event, clock, locale)}
                {note ? <span className="block text-stone-500">{note}</span> : null}
              </dd>
            </div>
            {event.place || mapUrl ? (
              <div className="flex gap-2">
                <dt>
                  <MapPin className="size-4 text-stone-500" aria-label={t('gatherings.event.where')} />
                </dt>
                <dd>
                  {event.place}
                  {mapUrl ? (
                    <a
                      href={mapUrl}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="ml-2 text-brand-800 underline"
                    >
                      {t('gatherings.event.map')}
                    </a>
                  ) : null}
                </dd>
              </div>
            ) : null}
            <div className="flex gap-2">
              <dt>
                <UsersRound className="size-4 text-stone-500" aria-label={t('gatherings.event.who')} />
              </dt>
              <dd data-testid="event-counts">
                {event.capacity !== null
                  ? t('gatherings.counts.ofCapacity', { counts: countsText(event), capacity: event.capacity })
                  : countsText(event)}
              </dd>
            </div>
          </dl>
          {event.description.trim() ? <Markdown titleLevel={1}>{event.description}</Markdown> : null}
          <div className="flex flex-wrap gap-2">
            <a
              href={event.calendar_url}
              download
              className="inline-flex h-9 items-center gap-2 rounded-lg border border-stone-300 px-3 text-sm font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Download className="size-4" aria-hidden="true" />
              {t('gatherings.event.calendar')}
            </a>
            {event.can_edit && !event.cancelled ? <OrganiserActions event={event} /> : null}
          </div>
        </CardBody>
      </Card>
      {event.cancelled ? null : <AnswerForm event={event} />}
      {event.ended && !event.cancelled ? <EventPhotos event={event} /> : null}
      <Answers answers={event.answers} />
    </div>
  );
}

/** The organiser's Edit and Cancel (a confirmation first: everyone who answered is told). */
function OrganiserActions({ event }: { event: GroupEvent }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelEvent(event.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(eventKeys.detail(event.id), updated);
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
  return (
    <>
      <ButtonLink to={editEventPath(event.id)} variant="outline" size="sm">
        <Pencil className="size-4" aria-hidden="true" />
        {t('gatherings.event.edit')}
      </ButtonLink>
      {confirming ? (
        <span
          role="group"
          aria-label={t('gatherings.event.cancelQuestion')}
          className="inline-flex items-center gap-2"
        >
          <Button variant="danger" size="sm" busy={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('gatherings.event.cancelYes')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            {t('gatherings.event.cancelKeep')}
          </Button>
        </span>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Ban className="size-4" aria-hidden="true" />
          {t('gatherings.event.cancel')}
        </Button>
      )}
      {cancel.isError ? <Alert>{errorMessage(cancel.error)}</Alert> : null}
    </>
  );
}

/** Going / Maybe / Not going, with guests where the organiser allows them. */
function AnswerForm({ event }: { event: GroupEvent }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [guests, setGuests] = useState(event.my_rsvp?.guests ?? 0);
  const answer = useMutation({
    mutationFn: (status: RsvpStatus) =>
      answerEvent(event.id, { status, guests: status === 'going' ? guests : 0 }),
    onSuccess: (updated) => {
      queryClient.setQueryData(eventKeys.detail(event.id), updated);
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
  const current = event.my_rsvp;
  return (
    <section aria-labelledby="answer-title">
      <Card>
        <CardBody className="space-y-3">
          <h2 id="answer-title" className="text-lg font-semibold text-stone-900">
            {t('gatherings.answer.title')}
          </h2>
          <p className="text-sm text-stone-600" aria-live="polite">
            {current
              ? t('gatherings.answer.you', { answer: answerOf(current), guests: current.guests })
              : t('gatherings.answer.none')}
          </p>
          {event.guests_allowed ? (
            <label className="flex items-center gap-2 text-sm text-stone-700">
              {t('gatherings.answer.guests')}
              <Select
                value={String(guests)}
                onChange={(change) => setGuests(Number(change.target.value))}
                wrapperClassName="w-24"
              >
                {Array.from({ length: EVENT_LIMITS.guestsMax + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    +{n}
                  </option>
                ))}
              </Select>
            </label>
          ) : null}
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('gatherings.answer.group')}>
            {ANSWERS.map(({ status, label }) => (
              <Button
                key={status}
                variant={current?.status === status ? 'primary' : 'outline'}
                aria-pressed={current?.status === status}
                busy={answer.isPending && answer.variables === status}
                disabled={answer.isPending}
                onClick={() => answer.mutate(status)}
              >
                {t(label)}
              </Button>
            ))}
          </div>
          {answer.isError ? <Alert>{errorMessage(answer.error)}</Alert> : null}
          {current && current.status !== 'declined' && !event.ended ? (
            <RemindersChoice event={event} />
          ) : null}
        </CardBody>
      </Card>
    </section>
  );
}

/**
 * The member's reminders for this event (going or maybe): their default (named, so they know what
 * it is) or a choice of their own. Saved as soon as it changes.
 */
function RemindersChoice({ event }: { event: GroupEvent }) {
  const t = useT();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (choice: ReminderChoice | 'default') => chooseReminders(event.id, { choice }),
    onSuccess: (updated) => queryClient.setQueryData(eventKeys.detail(event.id), updated),
  });
  const mine = event.my_rsvp!;
  return (
    <div className="space-y-1.5 border-t border-stone-100 pt-3">
      <label className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <BellRing className="size-4 text-stone-500" aria-hidden="true" />
        {t('gatherings.reminders.label')}
        <Select
          value={save.isPending ? save.variables : mine.reminders}
          disabled={save.isPending}
          onChange={(change) => save.mutate(change.target.value as ReminderChoice | 'default')}
          wrapperClassName="w-full sm:w-72"
        >
          <option value="default">{t('gatherings.reminders.default')}</option>
          {REMINDER_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(REMINDER_LABELS[choice])}
            </option>
          ))}
        </Select>
      </label>
      {(save.isPending ? save.variables : mine.reminders) === 'default' ? (
        <p className="text-sm text-stone-500">
          {t('gatherings.reminders.asDefault', { choice: mine.default_reminders })}
        </p>
      ) : null}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
    </div>
  );
}

/** Who answered, by answer: going, waiting for a place, maybe, not going. */
function Answers({ answers }: { answers: EventAnswer[] }) {
  const t = useT();
  const groups = [
    { answer: 'going', rows: answers.filter((a) => a.status === 'going' && !a.waitlisted) },
    { answer: 'waiting', rows: answers.filter((a) => a.status === 'going' && a.waitlisted) },
    { answer: 'maybe', rows: answers.filter((a) => a.status === 'maybe') },
    { answer: 'declined', rows: answers.filter((a) => a.status === 'declined') },
  ].filter((group) => group.rows.length > 0);
  return (
    <section aria-labelledby="answers-title">
      <Card>
        <CardBody className="space-y-4">
          <h2 id="answers-title" className="text-lg font-semibold text-stone-900">
            {t('gatherings.answers.title')}
          </h2>
          {groups.map((group) => (
            <div key={group.answer}>
              <h3 className="text-sm font-medium text-stone-800">
                {t('gatherings.answers.group', { answer: group.answer, count: group.rows.length })}
              </h3>
              <ul className="mt-1 flex flex-wrap gap-2">
                {group.rows.map((row) => (
                  <li key={row.profile_id}>
                    <Link
                      to={`/profiles/${row.profile_id}`}
                      className="inline-block rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-800 hover:bg-stone-200"
                    >
                      {row.name}
                      {row.guests > 0 ? ` +${row.guests}` : ''}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </CardBody>
      </Card>
    </section>
  );
}
