import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { REMINDER_CHOICES, type ReminderChoice } from '@shared/domain/gatherings';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { reminderDefaultKey, reminderDefaultQueryOptions, saveReminderDefault } from '../api';
import { REMINDER_LABELS } from '../reminder-labels';

/**
 * Settings → Notifications (ADR 057): the reminders a member gets before the events they answered
 * going or maybe, unless they choose otherwise on an event's page. How a reminder reaches them (the
 * Inbox, mail, push) is the "Reminders before events" row of the table below.
 */
export function ReminderDefaultCard() {
  const t = useT();
  const query = useQuery(reminderDefaultQueryOptions());
  return (
    <section aria-labelledby="reminder-default-title">
      <Card>
        <CardHeader>
          <CardTitle id="reminder-default-title">{t('gatherings.reminderDefault.title')}</CardTitle>
          <CardDescription>{t('gatherings.reminderDefault.description')}</CardDescription>
        </CardHeader>
        <CardBody>
          {query.isPending ? (
            <Spinner label={t('gatherings.reminderDefault.loading')} />
          ) : query.isError ? (
            <Alert>{errorMessage(query.error)}</Alert>
          ) : (
            <ReminderDefaultForm initial={query.data.choice} />
          )}
        </CardBody>
      </Card>
    </section>
  );
}

function ReminderDefaultForm({ initial }: { initial: ReminderChoice }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(initial);
  const save = useMutation({
    mutationFn: saveReminderDefault,
    onSuccess: (saved) => queryClient.setQueryData(reminderDefaultKey, saved),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(submit) => {
        submit.preventDefault();
        if (!save.isPending) save.mutate(choice);
      }}
    >
      <label className="space-y-1.5 text-sm text-stone-800">
        <span className="block">{t('gatherings.reminderDefault.remindMe')}</span>
        <Select
          value={choice}
          onChange={(change) => {
            save.reset();
            setChoice(change.target.value as ReminderChoice);
          }}
          wrapperClassName="w-72 max-w-full"
        >
          {REMINDER_CHOICES.map((option) => (
            <option key={option} value={option}>
              {t(REMINDER_LABELS[option])}
            </option>
          ))}
        </Select>
      </label>
      <Button type="submit" size="sm" busy={save.isPending}>
        <BellRing className="size-4" aria-hidden="true" />
        {t('gatherings.reminderDefault.save')}
      </Button>
      {save.isSuccess ? (
        <Alert variant="success" className="w-full">
          {t('gatherings.reminderDefault.saved')}
        </Alert>
      ) : null}
      {save.isError ? <Alert className="w-full">{errorMessage(save.error)}</Alert> : null}
    </form>
  );
}
