import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import type { AccountSession } from '@shared/api/account';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { RetryAlert } from '@web/components/retry-alert';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { errorMessage } from '@web/lib/api-errors';
import { securityKeys, sessionsQueryOptions, signOutOtherSessions, signOutSession } from './security-api';
import { Time } from '@web/components/time';

/** "Firefox 120 on Linux", from what the server could read of the browser's User-Agent. */
function deviceName(session: AccountSession, t: ReturnType<typeof useT>): string {
  const browser = session.browser ?? t('settings.sessions.unknownBrowser');
  return session.os ? t('settings.sessions.device', { browser, os: session.os }) : browser;
}

/** Where the member is signed in, with Sign out for each other device and for all of them. */
export function SessionsSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
  const signOutOne = useMutation({ mutationFn: signOutSession, onSettled: refresh });
  const signOutOthers = useMutation({ mutationFn: signOutOtherSessions, onSettled: refresh });
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const failed = signOutOne.error ?? signOutOthers.error;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.sessions.title')}</CardTitle>
        <CardDescription>{t('settings.sessions.description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        {failed ? <Alert>{errorMessage(failed)}</Alert> : null}
        {sessions.isPending ? (
          <p role="status" className="text-sm text-stone-500">
            {t('settings.sessions.loading')}
          </p>
        ) : sessions.isError ? (
          <RetryAlert
            message={t('settings.profile.loadFailed', { error: errorMessage(sessions.error) })}
            retrying={sessions.isFetching}
            onRetry={() => void sessions.refetch()}
          />
        ) : (
          <ul className="divide-y divide-stone-100" aria-label={t('settings.sessions.list')}>
            {sessions.data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <Monitor className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">
                      {deviceName(session, t)}
                      {session.current ? (
                        <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                          {t('settings.sessions.thisDevice')}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-stone-600">
                      <Message
                        id={session.network ? 'settings.sessions.seenOnNetwork' : 'settings.sessions.seen'}
                        values={{ network: session.network }}
                        components={{
                          signedIn: <Time value={session.created_at} />,
                          lastSeen: <Time value={session.last_seen_at} />,
                        }}
                      />
                    </p>
                  </div>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    busy={signOutOne.isPending && signOutOne.variables === session.id}
                    onClick={() => signOutOne.mutate(session.id)}
                    aria-label={t('settings.sessions.signOutDevice', { device: deviceName(session, t) })}
                  >
                    {t('settings.sessions.signOut')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 ? (
          <div className="flex justify-end border-t border-stone-100 pt-4">
            <Button variant="danger" busy={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
              {t('settings.sessions.signOutOthers')}
            </Button>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
