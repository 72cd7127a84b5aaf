import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagingSettings } from '@shared/api/conversations';
import { WHO_MAY_MESSAGE, type WhoMayMessage } from '@shared/domain/conversations';
import { Alert } from '@web/components/alert';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Label } from '@web/components/input';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { Toast } from '@web/components/toast';
import { SaveRow } from '@web/features/settings/save-row';
import { useT } from '@web/i18n/i18n';
import { errorMessage, serverErrorText } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { messagingSettingsQueryOptions, saveMessagingSettings } from './api';

/** The words of each choice of who may message the member (message ids). */
const WHO_LABELS: Record<WhoMayMessage, string> = {
  everyone_connected: 'conversations.settingsCard.everyoneConnected',
  following: 'conversations.settingsCard.following',
};

/**
 * Settings → Messages: who may start a conversation with the member (everyone they are connected
 * with, or only members they follow) and whether others see how far they have read.
 */
export function MessagingSettingsCard() {
  const t = useT();
  const settings = useQuery(messagingSettingsQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('conversations.settingsCard.title')}</CardTitle>
        <CardDescription>{t('conversations.settingsCard.description')}</CardDescription>
      </CardHeader>
      <CardBody>
        {settings.isPending ? (
          <Spinner label={t('conversations.settingsCard.loading')} />
        ) : settings.isError ? (
          <Alert>
            {t('conversations.settingsCard.loadError', { message: errorMessage(settings.error) })}
          </Alert>
        ) : (
          <SettingsForm saved={settings.data} />
        )}
      </CardBody>
    </Card>
  );
}

function SettingsForm({ saved }: { saved: MessagingSettings }) {
  const t = useT();
  const queryClient = useQueryClient();
  const toast = useTimedMessage();
  const [choice, setChoice] = useState<MessagingSettings>(saved);
  const save = useMutation({
    mutationFn: () => saveMessagingSettings(choice),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.conversations.settings(), settings);
      toast.show(t('conversations.settingsCard.saved'));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {save.isError ? (
        <Alert>{serverErrorText(save.error) ?? t('conversations.settingsCard.failed')}</Alert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="who-may-message">{t('conversations.settingsCard.whoLabel')}</Label>
        <Select
          id="who-may-message"
          value={choice.who_may_message}
          wrapperClassName="w-full"
          onChange={(event) => setChoice({ ...choice, who_may_message: event.target.value as WhoMayMessage })}
        >
          {WHO_MAY_MESSAGE.map((who) => (
            <option key={who} value={who}>
              {t(WHO_LABELS[who])}
            </option>
          ))}
        </Select>
        <p className="text-xs text-stone-500">{t('conversations.settingsCard.whoHint')}</p>
      </div>
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          checked={choice.share_read_marks}
          onChange={(event) => setChoice({ ...choice, share_read_marks: event.target.checked })}
          className="mt-0.5 size-4 rounded border-stone-300 accent-brand-700"
        />
        <span>
          <span className="block font-medium">{t('conversations.settingsCard.readMarks')}</span>
          <span className="block text-xs text-stone-500">
            {t('conversations.settingsCard.readMarksHint')}
          </span>
        </span>
      </label>
      <SaveRow busy={save.isPending}>{t('conversations.settingsCard.save')}</SaveRow>
      <Toast message={toast.message} />
    </form>
  );
}
