import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import type { CreateEventBody, GroupEvent } from '@shared/api/gatherings';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { TextField } from '@web/components/input';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { createEvent, eventKeys, eventQueryOptions, updateEvent } from './api';
import { emptyEventPlan, EventPlanFields, planBodyOf, type EventPlan } from './components/event-plan-fields';
import { useOpenSaved } from './open-saved';
import { eventPath, UPCOMING_EVENTS_PATH } from './paths';

/** The event form's fields: its plan, with a map link, and its times and rules for guests. */
interface Fields extends EventPlan {
  mapUrl: string;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  guestsAllowed: boolean;
}

function emptyFields(): Fields {
  return { ...emptyEventPlan(), mapUrl: '', startsAt: '', endsAt: '', allDay: false, guestsAllowed: false };
}

/** An event's fields as the form shows them: its times on its own zone's clocks. */
function fieldsOf(event: GroupEvent): Fields {
  return {
    title: event.title,
    description: event.description,
    startsAt: event.all_day ? event.starts_at_local.slice(0, 10) : event.starts_at_local,
    endsAt: event.all_day ? event.ends_at_local.slice(0, 10) : event.ends_at_local,
    timeZone: event.time_zone,
    allDay: event.all_day,
    place: event.place ?? '',
    mapUrl: event.map_url ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    guestsAllowed: event.guests_allowed,
  };
}

/** What the form sends: wall-clock times read by the server in the chosen zone (ADR 057). */
function bodyOf(fields: Fields): Omit<CreateEventBody['group_event'], 'group_id'> {
  return {
    ...planBodyOf(fields),
    starts_at: fields.startsAt,
    ends_at: fields.endsAt || null,
    all_day: fields.allDay,
    guests_allowed: fields.guestsAllowed,
  };
}

/** /events/new (?group_id= for a group's event): a new event, then its page. */
export function NewEventPage() {
  const t = useT();
  useDocumentTitle(t('gatherings.form.newTitle'));
  const [params] = useSearchParams();
  const groupId = params.get('group_id');
  return (
    <EventForm
      heading={t('gatherings.form.newTitle')}
      description={groupId ? t('gatherings.form.newInGroup') : t('gatherings.form.newForFollowers')}
      initial={emptyFields()}
      submitLabel={t('gatherings.form.create')}
      save={(fields) => createEvent({ ...bodyOf(fields), group_id: groupId })}
      cancelTo={groupId ? `/group/${groupId}` : UPCOMING_EVENTS_PATH}
    />
  );
}

/** /events/{id}/edit: the organiser's edit; everyone who answered is told what changed. */
export function EditEventPage() {
  const { id = '' } = useParams();
  const t = useT();
  useDocumentTitle(t('gatherings.form.editTitle'));
  const event = useQuery(eventQueryOptions(id));
  if (event.isPending) return <LoadingScreen label={t('gatherings.form.loading')} />;
  if (event.isError) return <Alert>{errorMessage(event.error)}</Alert>;
  return (
    <EventForm
      heading={t('gatherings.form.editTitle')}
      description={t('gatherings.form.editDescription')}
      initial={fieldsOf(event.data)}
      submitLabel={t('gatherings.form.save')}
      save={(fields) => updateEvent(id, bodyOf(fields))}
      cancelTo={eventPath(id)}
    />
  );
}

function EventForm({
  heading,
  description,
  initial,
  submitLabel,
  save,
  cancelTo,
}: {
  heading: string;
  description: string;
  initial: Fields;
  submitLabel: string;
  save: (fields: Fields) => Promise<GroupEvent>;
  cancelTo: string;
}) {
  const t = useT();
  const [fields, setFields] = useState(initial);
  const set = <Key extends keyof Fields>(key: Key, value: Fields[Key]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const openSaved = useOpenSaved(eventKeys, eventPath);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: openSaved,
  });
  const errors = mutation.isError ? fieldErrorsOf(mutation.error) : {};
  const first = (field: string) => errors[field]?.[0];
  const blank = fields.title.trim() === '' || fields.startsAt === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || mutation.isPending) return;
    mutation.mutate(fields);
  }

  const timeType = fields.allDay ? 'date' : 'datetime-local';
  const allDayId = useId();
  const guestsId = useId();
  return (
    <div className="max-w-xl">
      <PageHeader title={heading} description={description} />
      <Card>
        <CardBody>
          <form onSubmit={submit} className="space-y-5" noValidate>
            {mutation.isError && Object.keys(errors).length === 0 ? (
              <Alert>{errorMessage(mutation.error)}</Alert>
            ) : null}
            <EventPlanFields
              plan={fields}
              onChange={set}
              errorOf={first}
              times={
                <>
                  <label htmlFor={allDayId} className="flex items-center gap-2 text-sm text-stone-800">
                    <input
                      id={allDayId}
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={fields.allDay}
                      onChange={(change) =>
                        setFields((current) => ({
                          ...current,
                          allDay: change.target.checked,
                          startsAt: current.startsAt.slice(0, 10),
                          endsAt: current.endsAt.slice(0, 10),
                        }))
                      }
                    />
                    {t('gatherings.form.allDay')}
                  </label>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField
                      label={t('gatherings.form.starts', { allDay: fields.allDay ? 'yes' : 'no' })}
                      name="starts_at"
                      type={timeType}
                      required
                      value={fields.startsAt}
                      error={first('starts_at')}
                      onChange={(change) => set('startsAt', change.target.value)}
                    />
                    <TextField
                      label={t('gatherings.form.ends', { allDay: fields.allDay ? 'yes' : 'no' })}
                      name="ends_at"
                      type={timeType}
                      value={fields.endsAt}
                      error={first('ends_at')}
                      hint={fields.allDay ? undefined : t('gatherings.form.endsHint')}
                      onChange={(change) => set('endsAt', change.target.value)}
                    />
                  </div>
                </>
              }
            />
            <label htmlFor={guestsId} className="flex items-center gap-2 text-sm text-stone-800">
              <input
                id={guestsId}
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={fields.guestsAllowed}
                onChange={(change) => set('guestsAllowed', change.target.checked)}
              />
              {t('gatherings.form.guests')}
            </label>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <ButtonLink to={cancelTo} variant="ghost">
                {t('gatherings.form.cancel')}
              </ButtonLink>
              <Button type="submit" busy={mutation.isPending} disabled={blank}>
                {mutation.isPending ? null : <CalendarCheck className="size-4" aria-hidden="true" />}
                {submitLabel}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
