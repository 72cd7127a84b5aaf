import type { PushSubscription } from '../../../shared/api/push';
import { deviceName } from '../account/account-sessions.presenter';
import type { PushSubscriptionRow } from './push.repo';

/** A device as the settings list shows it: never its endpoint or keys, which are the push service's secrets. */
export function presentPushSubscription(
  row: PushSubscriptionRow,
  currentSessionId: string | null,
): PushSubscription {
  return {
    id: row.id,
    name: deviceName(row.userAgent),
    current: row.sessionId === currentSessionId,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
