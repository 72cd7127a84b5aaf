import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import type { NotificationPreference } from '@shared/api/notifications';
import { MAIL_DELIVERIES, type MailDelivery, type NotificationKind } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ReminderDefaultCard } from '@web/features/gatherings';
import { preferencesQueryOptions, savePreferences } from './api';
import { kindLabel } from './kind-labels';
import { PushSection } from './push-section';

/**
 * /settings/notifications: for each kind of notification, whether it is also mailed at once, in
 * the daily digest, or not at all, and whether it is pushed to the member's devices (turned on per
 * device in Settings). Saved together, with a confirmation. Above them, the default reminders before
 * events (ADR 057).
 */
export function NotificationSettingsPage() {
  const t = useT();
  useDocumentTitle(t('inbox.preferences.title'));
  const query = useQuery(preferencesQueryOptions());
  return (
    <>
      <PageHeader
        title={t('inbox.preferences.title')}
        description={t('inbox.preferences.description')}
        actions={
          <ButtonLink to="/settings" variant="ghost" size="sm">
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('inbox.preferences.back')}
          </ButtonLink>
        }
      />
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('inbox.preferences.loading')} />
        </div>
      ) : query.isError ? (
        <Alert>{errorMessage(query.error)}</Alert>
      ) : (
        <div className="space-y-6">
          <PushSection />
          <ReminderDefaultCard />
          <PreferencesForm initial={query.data} />
        </div>
      )}
    </>
  );
}

/** Each mail delivery's column heading. */
const DELIVERY_LABELS: Record<MailDelivery, string> = {
  off: 'inbox.preferences.off',
  instant: 'inbox.preferences.instant',
  daily: 'inbox.preferences.daily',
};

function PreferencesForm({ initial }: { initial: NotificationPreference[] }) {
  const t = useT();
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
              <caption className="sr-only">{t('inbox.preferences.description')}</caption>
              <thead>
                <tr className="text-start text-xs text-stone-500">
                  <th scope="col" className="px-2 pb-2 font-medium">
                    {t('inbox.preferences.kindColumn')}
                  </th>
                  {MAIL_DELIVERIES.map((delivery) => (
                    <th key={delivery} scope="col" className="px-2 pb-2 text-center font-medium">
                      {t(DELIVERY_LABELS[delivery])}
                    </th>
                  ))}
                  <th scope="col" className="px-2 pb-2 text-center font-medium">
                    {t('inbox.preferences.pushColumn')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {choices.map(({ kind, delivery, push }) => (
                  <tr key={kind}>
                    <th scope="row" className="px-2 py-2.5 text-start font-normal text-stone-800">
                      {kindLabel(kind)}
                    </th>
                    {MAIL_DELIVERIES.map((option) => (
                      <td key={option} className="px-2 py-2.5 text-center">
                        <input
                          type="radio"
                          name={`delivery-${kind}`}
                          value={option}
                          checked={delivery === option}
                          onChange={() => choose(kind, { delivery: option })}
                          aria-label={t('inbox.preferences.deliveryLabel', {
                            kind: kindLabel(kind),
                            delivery: t(DELIVERY_LABELS[option]),
                          })}
                          className="size-4 accent-brand-700"
                        />
                      </td>
                    ))}
                    <td className="px-2 py-2.5 text-center">
                      <input
                        type="checkbox"
                        checked={push}
                        onChange={(event) => choose(kind, { push: event.target.checked })}
                        aria-label={t('inbox.preferences.pushLabel', { kind: kindLabel(kind) })}
                        className="size-4 accent-brand-700"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {save.isSuccess ? <Alert variant="success">{t('inbox.preferences.saved')}</Alert> : null}
          {save.isError ? (
            <Alert>{t('inbox.preferences.saveError', { message: errorMessage(save.error) })}</Alert>
          ) : null}
          <Button type="submit" busy={save.isPending}>
            <Save className="size-4" aria-hidden="true" />
            {save.isPending ? t('inbox.preferences.saving') : t('inbox.preferences.save')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
