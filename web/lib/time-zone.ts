import { useSyncExternalStore } from 'react';
import { systemTimeZone } from '@shared/domain/time-zones';

/**
 * The zone every time on screen is shown in: the signed-in member's own (`time_zone` on GET
 * /api/auth), else this browser's. The auth provider sets it; <Time> reads it.
 */
let memberZone: string | null = null;
const listeners = new Set<() => void>();

export function setMemberTimeZone(zone: string | null) {
  if (zone === memberZone) return;
  memberZone = zone;
  for (const listener of listeners) listener();
}

export function currentTimeZone(): string {
  return memberZone ?? systemTimeZone();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, currentTimeZone, currentTimeZone);
}
