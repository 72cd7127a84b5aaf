import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, CalendarSearch } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '@web/components/button';
import { Card, CardBody, CardHeader, CardTitle } from '@web/components/card';
import { useT } from '@web/i18n/i18n';
import { useLiveEvents } from '@web/lib/live-events';
import { datePollKeys, eventKeys, groupDatePollsQueryOptions, groupEventsQueryOptions } from '../api';
import { datePollPath, newDatePollPath, newEventPath } from '../paths';
import { EventList } from './event-list';

/**
 * A group's upcoming events on its page (ADR 057), its date polls still open, and New event and
 * Propose dates for those who may post. Nothing is drawn while they load or when there are none
 * and the member may not create one.
 */
export function GroupEvents({ groupId, canCreate }: { groupId: string; canCreate: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const events = useQuery(groupEventsQueryOptions(groupId));
  const polls = useQuery(groupDatePollsQueryOptions(groupId));
  useLiveEvents((event) => {
    if (event.type === 'group_event.updated')
      void queryClient.invalidateQueries({ queryKey: eventKeys.group(groupId) });
    if (event.type === 'date_poll.updated')
      void queryClient.invalidateQueries({ queryKey: datePollKeys.group(groupId) });
  });
  const list = events.data ?? [];
  const openPolls = polls.data ?? [];
  if (list.length === 0 && openPolls.length === 0 && !canCreate) return null;
  return (
    <section aria-labelledby="group-events-title">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-3">
          <CardTitle id="group-events-title">{t('gatherings.group.title')}</CardTitle>
          {canCreate ? (
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={newDatePollPath(groupId)} variant="ghost" size="sm">
                <CalendarSearch className="size-4" aria-hidden="true" />
                {t('gatherings.group.proposeDates')}
              </ButtonLink>
              <ButtonLink to={newEventPath(groupId)} variant="outline" size="sm">
                <CalendarPlus className="size-4" aria-hidden="true" />
                {t('gatherings.group.new')}
              </ButtonLink>
            </div>
          ) : null}
        </CardHeader>
        <CardBody className="space-y-4">
          {openPolls.length > 0 ? (
            <ul aria-label={t('gatherings.group.datePolls')} className="space-y-1">
              {openPolls.map((poll) => (
                <li key={poll.id} className="flex items-center gap-2 text-sm">
                  <CalendarSearch className="size-4 text-stone-500" aria-hidden="true" />
                  <Link to={datePollPath(poll.id)} className="font-medium text-brand-800 hover:underline">
                    {t('gatherings.group.datePoll', { title: poll.title, count: poll.respondents_count })}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {list.length > 0 ? (
            <EventList events={list} />
          ) : (
            <p className="text-sm text-stone-600">
              {events.isPending ? t('gatherings.group.loading') : t('gatherings.group.none')}
            </p>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
