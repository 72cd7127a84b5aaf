import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { LoadingScreen } from '@web/components/loading-screen';
import { RetryAlert } from '@web/components/retry-alert';
import { PageHeader } from '@web/components/page-header';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { upcomingEventsQueryOptions } from './api';
import { CalendarFeedCard } from './components/calendar-feed-card';
import { EventList } from './components/event-list';
import { newEventPath } from './paths';

/** /events: every upcoming event the member may see, soonest first, in their groups and among friends. */
export function UpcomingEventsPage() {
  const t = useT();
  useDocumentTitle(t('gatherings.upcoming.title'));
  const events = useQuery(upcomingEventsQueryOptions());
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        className="mb-0"
        title={t('gatherings.upcoming.title')}
        description={t('gatherings.upcoming.description')}
        actions={
          <ButtonLink to={newEventPath()} size="sm">
            <CalendarPlus className="size-4" aria-hidden="true" />
            {t('gatherings.upcoming.newForFollowers')}
          </ButtonLink>
        }
      />
      {events.isPending ? (
        <LoadingScreen label={t('gatherings.upcoming.loading')} />
      ) : events.isError ? (
        <RetryAlert
          message={errorMessage(events.error)}
          retrying={events.isFetching}
          onRetry={() => void events.refetch()}
        />
      ) : events.data.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          title={t('gatherings.upcoming.none')}
          description={t('gatherings.upcoming.noneHint')}
        />
      ) : (
        <Card>
          <CardBody>
            <EventList events={events.data} showGroup />
          </CardBody>
        </Card>
      )}
      <CalendarFeedCard />
    </div>
  );
}
