import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { EventSummary } from '@shared/api/gatherings';
import { useLocale, useT } from '@web/i18n/i18n';
import { useClock } from '@web/lib/time-zone';
import { countsText, eventWhen } from '../event-times';
import { eventPath } from '../paths';

/** Upcoming events as a list of links: title, when (on the member's clock), where, and the counts. */
export function EventList({ events, showGroup = false }: { events: EventSummary[]; showGroup?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const clock = useClock();
  return (
    <ul className="divide-y divide-stone-200" aria-label={t('gatherings.list.label')}>
      {events.map((event) => (
        <li key={event.id} className="py-3 first:pt-0 last:pb-0">
          <Link
            to={eventPath(event.id)}
            className="block rounded-lg p-1 hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <span className="flex items-start gap-3">
              <CalendarDays className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium break-words text-stone-900">{event.title}</span>
                <span className="block text-sm text-stone-600">{eventWhen(event, clock, locale)}</span>
                {event.place ? (
                  <span className="flex items-center gap-1 text-sm text-stone-600">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {event.place}
                  </span>
                ) : null}
                <span className="block text-sm text-stone-500">
                  {countsText(event)}
                  {showGroup && event.group_name ? ` · ${event.group_name}` : ''}
                  {event.my_rsvp
                    ? ` · ${t('gatherings.list.mine', { answer: answerOf(event.my_rsvp) })}`
                    : ''}
                </span>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The viewer's answer for a message's `{answer, select, …}`: going, waiting, maybe or declined. */
export function answerOf(rsvp: NonNullable<EventSummary['my_rsvp']>): string {
  if (rsvp.status === 'going') return rsvp.waitlisted ? 'waiting' : 'going';
  return rsvp.status;
}
