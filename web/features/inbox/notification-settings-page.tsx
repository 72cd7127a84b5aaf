import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import type { NotificationPreference } from '@shared/api/notifications';
import { NOTIFICATION_KIND_LABELS } from '@shared/domain/notification-labels';
import { MAIL_DELIVERIES, type NotificationKind } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { preferencesQueryOptions, savePreferences } from './api';
import { PREFERENCES_TEXT } from './messages';
import { PushSection } from './push-section';

/**
 * /settings/notifications: for each kind of notification, whether it is also mailed at once, in
 * the daily digest, or not at all, and whether it is pushed to the member's devices (turned on per
 * device in Settings). Saved together, with a confirmation.
 */
export function NotificationSettingsPage() {
  useDocumentTitle(PREFERENCES_TEXT.title);
  const query = useQuery(preferencesQueryOptions());
  return (
    <>
      <PageHeader
        title={PREFERENCES_TEXT.title}
        description={PREFERENCES_TEXT.description}
        actions={
          <ButtonLink to="/settings" variant="ghost" size="sm">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {PREFERENCES_TEXT.back}
          </ButtonLink>
        }
      />
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading preferences" />
        </div>
      ) : query.isError ? (
        <Alert>{errorMessage(query.error)}</Alert>
      ) : (
        <div className="space-y-6">
          <PushSection />
          <PreferencesForm initial={query.data} />
        </div>
      )}
    </>
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreference[] }) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<NotificationPreference[]>(initial);
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.notifications.preferences(), saved);
      setChoices(saved);
    },
  });

  function choose(
    kind: NotificationKind,
    change: Partial<Pick<NotificationPreference, 'delivery' | 'push'>>,
  ) {
    save.reset();
    setChoices((current) => current.map((entry) => (entry.kind === kind ? { ...entry, ...change } : entry)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!save.isPending) save.mutate(choices);
  }

  return (
    <Card>
      <CardBody>
        <form onSubmit={submit} className="space-y-5">
          <div className="-mx-2 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{PREFERENCES_TEXT.description}</caption>
              <thead>
                <tr className="text-left text-xs text-stone-500">
                  <th scope="col" className="px-2 pb-2 font-medium">
                    {PREFERENCES_TEXT.kindColumn}
                  </th>
                  {MAIL_DELIVERIES.map((delivery) => (
                    <th key={delivery} scope="col" className="px-2 pb-2 text-center font-medium">
                      {PREFERENCES_TEXT.deliveries[delivery]}
                    </th>
                  ))}
                  <th scope="col" className="px-2 pb-2 text-center font-medium">
                    {PREFERENCES_TEXT.pushColumn}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {choices.map(({ kind, delivery, push }) => (
                  <tr key={kind}>
                    <th scope="row" className="px-2 py-2.5 text-left font-normal text-stone-800">
                      {NOTIFICATION_KIND_LABELS[kind]}
                    </th>
                    {MAIL_DELIVERIES.map((option) => (
                      <td key={option} className="px-2 py-2.5 text-center">
                        <input
                          type="radio"
                          name={`delivery-${kind}`}
                          value={option}
                          checked={delivery === option}
                          onChange={() => choose(kind, { delivery: option })}
                          aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${PREFERENCES_TEXT.deliveries[option]}`}
                          className="size-4 accent-brand-700"
                        />
                      </td>
                    ))}
                    <td className="px-2 py-2.5 text-center">
                      <input
                        type="checkbox"
                        checked={push}
                        onChange={(event) => choose(kind, { push: event.target.checked })}
                        aria-label={PREFERENCES_TEXT.pushLabel(NOTIFICATION_KIND_LABELS[kind])}
                        className="size-4 accent-brand-700"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {save.isSuccess ? <Alert variant="success">{PREFERENCES_TEXT.saved}</Alert> : null}
          {save.isError ? <Alert>{PREFERENCES_TEXT.saveError(errorMessage(save.error))}</Alert> : null}
          <Button type="submit" busy={save.isPending}>
            <Save className="size-4" aria-hidden="true" />
            {save.isPending ? PREFERENCES_TEXT.saving : PREFERENCES_TEXT.save}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
