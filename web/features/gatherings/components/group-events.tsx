import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { Card, CardBody, CardHeader, CardTitle } from '@web/components/card';
import { useT } from '@web/i18n/i18n';
import { useLiveEvents } from '@web/lib/live-events';
import { eventKeys, groupEventsQueryOptions } from '../api';
import { newEventPath } from '../paths';
import { EventList } from './event-list';

/**
 * A group's upcoming events on its page (ADR 057), with New event for those who may post. Nothing
 * is drawn while they load or when there are none and the member may not create one.
 */
export function GroupEvents({ groupId, canCreate }: { groupId: string; canCreate: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const events = useQuery(groupEventsQueryOptions(groupId));
  useLiveEvents((event) => {
    if (event.type === 'group_event.updated')
      void queryClient.invalidateQueries({ queryKey: eventKeys.group(groupId) });
  });
  const list = events.data ?? [];
  if (list.length === 0 && !canCreate) return null;
  return (
    <section aria-labelledby="group-events-title">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-3">
          <CardTitle id="group-events-title">{t('gatherings.group.title')}</CardTitle>
          {canCreate ? (
            <ButtonLink to={newEventPath(groupId)} variant="outline" size="sm">
              <CalendarPlus className="size-4" aria-hidden="true" />
              {t('gatherings.group.new')}
            </ButtonLink>
          ) : null}
        </CardHeader>
        <CardBody>
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
