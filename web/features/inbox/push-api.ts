import { queryOptions } from '@tanstack/react-query';
import type { PushPublicKey, PushSettings, PushSubscription } from '@shared/api/push';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { t } from '@web/i18n/i18n';

/** Web Push in the browser (ADR 052): this device's subscription, the member's devices, quiet hours. */

/** Whether this browser can receive pushes at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, or null where none runs (development builds register none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** This browser's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<globalThis.PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export function pushDevicesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.pushDevices(),
    queryFn: async ({ signal }) =>
      (await api.get<PushSubscription[]>('/push_subscriptions', { signal })).data,
  });
}

export function pushSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.pushSettings(),
    queryFn: async ({ signal }) => (await api.get<PushSettings>('/push_settings', { signal })).data,
  });
}

export class PushBlockedError extends Error {}

/**
 * Asks for permission, subscribes this browser with the server's key and hands the subscription to
 * Hearth. A permission refused throws PushBlockedError (the browser will not ask again).
 */
export async function turnOnPush(): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushBlockedError('Notifications are blocked for Hearth in this browser.');
  const worker = await registration();
  if (!worker) throw new Error(t('inbox.push.noWorker'));
  const { public_key } = (await api.get<PushPublicKey>('/push/public_key')).data;
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: public_key,
  });
  const { endpoint, keys } = subscription.toJSON();
  return (await api.post<PushSubscription>('/push_subscriptions', { push_subscription: { endpoint, keys } }))
    .data;
}

/** Stops pushes to this browser: its subscription ends, and Hearth forgets the device. */
export async function turnOffPush(deviceId: string | null): Promise<void> {
  await (await currentPushSubscription())?.unsubscribe();
  if (deviceId) await removePushDevice(deviceId);
}

/** DELETE /api/push_subscriptions/{id}. */
export async function removePushDevice(id: string): Promise<void> {
  await api.delete(`/push_subscriptions/${encodeURIComponent(id)}`);
}

/** PUT /api/push_settings. */
export async function savePushSettings(settings: PushSettings): Promise<PushSettings> {
  return (await api.put<PushSettings>('/push_settings', settings)).data;
}
