import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarSync } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Input } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { calendarFeedKey, calendarFeedQueryOptions, renewCalendarFeed, revokeCalendarFeed } from '../api';

/**
 * The member's private calendar feed (ADR 057): an address calendar apps subscribe to, shown once
 * when made (Hearth keeps only its hash); a new one replaces it, and Stop revokes it.
 */
export function CalendarFeedCard() {
  const t = useT();
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQueryOptions());
  const renew = useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (made) => queryClient.setQueryData(calendarFeedKey, { ...made, url: undefined }),
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: (gone) => {
      renew.reset();
      queryClient.setQueryData(calendarFeedKey, gone);
    },
  });
  const active = feed.data?.active ?? false;
  const url = renew.data?.url;
  return (
    <section aria-labelledby="calendar-feed-title">
      <Card>
        <CardHeader>
          <CardTitle id="calendar-feed-title">{t('gatherings.feed.title')}</CardTitle>
          <CardDescription>{t('gatherings.feed.description')}</CardDescription>
        </CardHeader>
        <CardBody className="space-y-3">
          {url ? (
            <label className="block space-y-1.5 text-sm text-stone-800">
              {t('gatherings.feed.address')}
              <Input readOnly value={url} onFocus={(focus) => focus.currentTarget.select()} />
            </label>
          ) : (
            <p className="text-sm text-stone-600">
              {active ? t('gatherings.feed.on') : t('gatherings.feed.off')}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" busy={renew.isPending} onClick={() => renew.mutate()}>
              <CalendarSync className="size-4" aria-hidden="true" />
              {active ? t('gatherings.feed.renew') : t('gatherings.feed.make')}
            </Button>
            {active ? (
              <Button size="sm" variant="outline" busy={revoke.isPending} onClick={() => revoke.mutate()}>
                {t('gatherings.feed.stop')}
              </Button>
            ) : null}
          </div>
          {renew.isError || revoke.isError ? (
            <Alert>{errorMessage(renew.error ?? revoke.error)}</Alert>
          ) : null}
        </CardBody>
      </Card>
    </section>
  );
}
