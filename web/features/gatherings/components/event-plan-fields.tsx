import { useId, type ReactNode } from 'react';
import type { CreateEventBody } from '@shared/api/gatherings';
import { LIMITS } from '@shared/domain/constants';
import { EVENT_LIMITS } from '@shared/domain/gatherings';
import { systemTimeZone } from '@shared/domain/time-zones';
import { Label, Textarea, TextField } from '@web/components/input';
import { currentClock } from '@web/lib/time-zone';
import { useT } from '@web/i18n/i18n';

/**
 * What an organiser writes about a planned event, as the event form and the date poll form both
 * hold it (the contract's eventPlanFields): text as typed, sent by planBodyOf.
 */
export interface EventPlan {
  title: string;
  timeZone: string;
  description: string;
  place: string;
  /** Absent: the form offers no map link (a date poll's, whose event gets none). */
  mapUrl?: string;
  capacity: string;
}

/** A new plan: nothing written yet, in the zone the member's clock is in. */
export function emptyEventPlan(): EventPlan {
  return {
    title: '',
    timeZone: currentClock() ?? systemTimeZone(),
    description: '',
    place: '',
    capacity: '',
  };
}

/** The plan as a request sends it: the zone is read by the server, an empty capacity is no limit. */
export function planBodyOf(plan: EventPlan) {
  return {
    title: plan.title.trim(),
    description: plan.description,
    time_zone: plan.timeZone.trim(),
    place: plan.place,
    map_url: plan.mapUrl,
    capacity: plan.capacity ? Number(plan.capacity) : null,
  } satisfies Partial<CreateEventBody['group_event']>;
}

/**
 * The plan's fields, in the order both forms show them: the title, then `times` (what the form
 * plans: an event's start and end, a poll's dates), then the zone they are read in, the description,
 * the place, the map link when the form has one, and the capacity. `errorOf` names a field's first
 * error from the server's answer.
 */
export function EventPlanFields({
  plan,
  onChange,
  errorOf,
  times,
}: {
  plan: EventPlan;
  onChange: (key: keyof EventPlan, value: string) => void;
  errorOf: (field: string) => string | undefined;
  times: ReactNode;
}) {
  const t = useT();
  const descriptionId = useId();
  return (
    <>
      <TextField
        label={t('gatherings.form.title')}
        name="title"
        required
        autoFocus
        maxLength={EVENT_LIMITS.title}
        value={plan.title}
        error={errorOf('title')}
        onChange={(change) => onChange('title', change.target.value)}
      />
      {times}
      <TextField
        label={t('gatherings.form.timeZone')}
        name="time_zone"
        value={plan.timeZone}
        error={errorOf('time_zone')}
        hint={t('gatherings.form.timeZoneHint')}
        onChange={(change) => onChange('timeZone', change.target.value)}
      />
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>{t('gatherings.form.description')}</Label>
        <Textarea
          id={descriptionId}
          name="description"
          maxLength={LIMITS.postContent}
          value={plan.description}
          onChange={(change) => onChange('description', change.target.value)}
        />
      </div>
      <TextField
        label={t('gatherings.form.place')}
        name="place"
        maxLength={EVENT_LIMITS.place}
        value={plan.place}
        error={errorOf('place')}
        onChange={(change) => onChange('place', change.target.value)}
      />
      {plan.mapUrl === undefined ? null : (
        <TextField
          label={t('gatherings.form.mapLink')}
          name="map_url"
          type="url"
          placeholder={t('gatherings.form.mapPlaceholder')}
          value={plan.mapUrl}
          error={errorOf('map_url')}
          onChange={(change) => onChange('mapUrl', change.target.value)}
        />
      )}
      <TextField
        label={t('gatherings.form.capacity')}
        name="capacity"
        type="number"
        min={1}
        max={EVENT_LIMITS.capacityMax}
        inputMode="numeric"
        value={plan.capacity}
        error={errorOf('capacity')}
        hint={t('gatherings.form.capacityHint')}
        onChange={(change) => onChange('capacity', change.target.value)}
      />
    </>
  );
}
