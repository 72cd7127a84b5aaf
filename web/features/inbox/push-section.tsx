import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing, Save, Smartphone } from 'lucide-react';
import type { PushSettings } from '@shared/api/push';
import { knownTimeZones, systemTimeZone } from '@shared/domain/time-zones';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Input, Label } from '@web/components/input';
import { RetryAlert } from '@web/components/retry-alert';
import { Select } from '@web/components/select';
import { Time } from '@web/components/time';
import { Toast } from '@web/components/toast';
import { Message } from '@web/i18n/message';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useTimedMessage } from '@web/lib/use-timed-message';
import {
  PushBlockedError,
  pushDevicesQueryOptions,
  pushSettingsQueryOptions,
  pushSupported,
  removePushDevice,
  savePushSettings,
  turnOffPush,
  turnOnPush,
} from './push-api';

/** Web Push on /settings/notifications (ADR 052): this device, every device, and quiet hours. */
export function PushSection() {
  return (
    <div className="space-y-6">
      <ThisDeviceCard />
      <DevicesCard />
      <QuietHoursCard />
    </div>
  );
}

function useRefreshDevices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.pushDevices() });
}

/** Turns pushes on or off for the browser in hand: on when Hearth lists this session's device. */
function ThisDeviceCard() {
  const t = useT();
  const devices = useQuery(pushDevicesQueryOptions());
  const refresh = useRefreshDevices();
  const current = devices.data?.find((device) => device.current) ?? null;
  const turnOn = useMutation({ mutationFn: turnOnPush, onSettled: refresh });
  const turnOff = useMutation({ mutationFn: () => turnOffPush(current?.id ?? null), onSettled: refresh });
  const supported = pushSupported();
  const failure = turnOn.error ?? turnOff.error;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('inbox.push.deviceTitle')}</CardTitle>
        <CardDescription>{t('inbox.push.deviceDescription')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        {!supported ? (
          <Alert variant="info">{t('inbox.push.unsupported')}</Alert>
        ) : (
          <>
            {failure ? (
              <Alert>
                {failure instanceof PushBlockedError ? t('inbox.push.blocked') : errorMessage(failure)}
              </Alert>
            ) : null}
            <p role="status" className="text-sm text-stone-700">
              {current ? t('inbox.push.on') : t('inbox.push.off')}
            </p>
            {current ? (
              <Button variant="outline" busy={turnOff.isPending} onClick={() => turnOff.mutate()}>
                <BellOff className="size-4" aria-hidden="true" />
                {t('inbox.push.turnOff')}
              </Button>
            ) : (
              <Button busy={turnOn.isPending} disabled={devices.isPending} onClick={() => turnOn.mutate()}>
                <BellRing className="size-4" aria-hidden="true" />
                {t('inbox.push.turnOn')}
              </Button>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}

/** Every device that receives the member's pushes, each with Remove. */
function DevicesCard() {
  const t = useT();
  const devices = useQuery(pushDevicesQueryOptions());
  const refresh = useRefreshDevices();
  const remove = useMutation({ mutationFn: removePushDevice, onSettled: refresh });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('inbox.push.devicesTitle')}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        {remove.isError ? <Alert>{errorMessage(remove.error)}</Alert> : null}
        {devices.isPending ? (
          <p role="status" className="text-sm text-stone-500">
            {t('inbox.push.loadingDevices')}
          </p>
        ) : devices.isError ? (
          <RetryAlert
            message={t('inbox.push.loadError', { message: errorMessage(devices.error) })}
            retrying={devices.isFetching}
            onRetry={() => void devices.refetch()}
          />
        ) : devices.data.length === 0 ? (
          <p className="text-sm text-stone-600">{t('inbox.push.noDevices')}</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label={t('inbox.push.devicesLabel')}>
            {devices.data.map((device) => {
              const name = device.name ?? t('inbox.push.unknownDevice');
              return (
                <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 items-start gap-3">
                    <Smartphone className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden="true" />
                    <div className="min-w-0">
                      <p className="font-medium text-stone-900">
                        {name}
                        {device.current ? (
                          <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                            {t('inbox.push.thisDevice')}
                          </span>
                        ) : null}
                      </p>
                      <p className="text-sm text-stone-600">
                        <Message
                          id="inbox.push.added"
                          components={{ time: <Time value={device.created_at} /> }}
                        />
                        {device.last_used_at ? (
                          <>
                            {' · '}
                            <Message
                              id="inbox.push.lastNotified"
                              components={{ time: <Time value={device.last_used_at} /> }}
                            />
                          </>
                        ) : null}
                      </p>
                    </div>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    busy={remove.isPending && remove.variables === device.id}
                    onClick={() => remove.mutate(device.id)}
                    aria-label={t('inbox.push.removeLabel', { name })}
                  >
                    {t('inbox.push.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function QuietHoursCard() {
  const t = useT();
  const settings = useQuery(pushSettingsQueryOptions());
  if (settings.isPending) {
    return (
      <p role="status" className="text-sm text-stone-500">
        {t('inbox.push.loadingQuietHours')}
      </p>
    );
  }
  if (settings.isError) {
    return (
      <RetryAlert
        message={t('inbox.push.loadError', { message: errorMessage(settings.error) })}
        retrying={settings.isFetching}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <QuietHoursForm initial={settings.data} />;
}

/**
 * Quiet hours (a nightly window on the member's clock, in the browser's zone unless they choose), and
 * whether pushes hide what they are about.
 */
function QuietHoursForm({ initial }: { initial: PushSettings }) {
  const t = useT();
  const queryClient = useQueryClient();
  const toast = useTimedMessage();
  const browserZone = systemTimeZone();
  const zones = useMemo(() => knownTimeZones(), []);
  const [enabled, setEnabled] = useState(initial.quiet_hours !== null);
  const [start, setStart] = useState(initial.quiet_hours?.start ?? '22:00');
  const [end, setEnd] = useState(initial.quiet_hours?.end ?? '07:00');
  const [zone, setZone] = useState(initial.quiet_hours?.time_zone ?? browserZone);
  const [hideContents, setHideContents] = useState(initial.hide_contents);
  const save = useMutation({
    mutationFn: savePushSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.notifications.pushSettings(), saved);
      toast.show(t('inbox.push.saved'));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({
      quiet_hours: enabled ? { start, end, time_zone: zone } : null,
      hide_contents: hideContents,
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('inbox.push.quietTitle')}</CardTitle>
        <CardDescription>{t('inbox.push.quietDescription')}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4">
          {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              className="size-4 accent-brand-700"
            />
            {t('inbox.push.quietOn')}
          </label>
          <fieldset disabled={!enabled} className="grid gap-4 sm:grid-cols-3">
            <legend className="sr-only">{t('inbox.push.quietTitle')}</legend>
            <div className="space-y-1.5">
              <Label htmlFor="quiet-start">{t('inbox.push.from')}</Label>
              <Input
                id="quiet-start"
                type="time"
                required
                value={start}
                onChange={(e) => setStart(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="quiet-end">{t('inbox.push.until')}</Label>
              <Input
                id="quiet-end"
                type="time"
                required
                value={end}
                onChange={(e) => setEnd(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="quiet-zone">{t('inbox.push.zone')}</Label>
              <Select
                id="quiet-zone"
                value={zone}
                wrapperClassName="w-full"
                onChange={(e) => setZone(e.target.value)}
              >
                {(zones.includes(zone) ? zones : [zone, ...zones]).map((name) => (
                  <option key={name} value={name}>
                    {name.replaceAll('_', ' ')}
                  </option>
                ))}
              </Select>
            </div>
          </fieldset>
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={hideContents}
              onChange={(event) => setHideContents(event.target.checked)}
              className="size-4 accent-brand-700"
            />
            {t('inbox.push.hideContents')}
          </label>
          <Button type="submit" busy={save.isPending}>
            <Save className="size-4" aria-hidden="true" />
            {t('inbox.push.save')}
          </Button>
        </form>
        <Toast message={toast.message} />
      </CardBody>
    </Card>
  );
}
