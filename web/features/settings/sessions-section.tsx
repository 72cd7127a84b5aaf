import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import type { AccountSession } from '@shared/api/account';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { RetryAlert } from '@web/components/retry-alert';
import { errorMessage } from '@web/lib/api-errors';
import { securityKeys, sessionsQueryOptions, signOutOtherSessions, signOutSession } from './security-api';
import { Time } from '@web/components/time';

/** "Firefox 120 on Linux", from what the server could read of the browser's User-Agent. */
export function deviceName(session: AccountSession): string {
  const browser = session.browser ?? 'Unknown browser';
  return session.os ? `${browser} on ${session.os}` : browser;
}

/** Where the member is signed in, with Sign out for each other device and for all of them. */
export function SessionsSection() {
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
        <CardTitle>Where you're signed in</CardTitle>
        <CardDescription>
          Places are shown as the network the device last used; Hearth does not look up locations.
        </CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        {failed ? <Alert>{errorMessage(failed)}</Alert> : null}
        {sessions.isPending ? (
          <p role="status" className="text-sm text-stone-500">
            Loading your sessions…
          </p>
        ) : sessions.isError ? (
          <RetryAlert
            message={`An error has occurred: ${errorMessage(sessions.error)}`}
            retrying={sessions.isFetching}
            onRetry={() => void sessions.refetch()}
          />
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="Sessions">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <Monitor className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">
                      {deviceName(session)}
                      {session.current ? (
                        <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-stone-600">
                      {session.network ? `Network ${session.network} · ` : null}
                      Signed in <Time value={session.created_at} /> · Last seen{' '}
                      <Time value={session.last_seen_at} />
                    </p>
                  </div>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    busy={signOutOne.isPending && signOutOne.variables === session.id}
                    onClick={() => signOutOne.mutate(session.id)}
                    aria-label={`Sign out ${deviceName(session)}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 ? (
          <div className="flex justify-end border-t border-stone-100 pt-4">
            <Button variant="danger" busy={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
              Sign out all other sessions
            </Button>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
