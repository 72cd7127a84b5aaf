import { useSyncExternalStore } from 'react';
import { LOCAL_CLOCK, type Clock } from '@shared/domain/time';

/**
 * The clock every time on screen is shown on: the signed-in member's zone (`time_zone` on GET
 * /api/auth), else this browser's own clock (`LOCAL_CLOCK`, read without `Intl`, see
 * shared/domain/time.ts). The auth provider sets it; <Time> reads it.
 */
let memberZone: string | null = null;
const listeners = new Set<() => void>();

export function setMemberTimeZone(zone: string | null) {
  if (zone === memberZone) return;
  memberZone = zone;
  for (const listener of listeners) listener();
}

export function currentClock(): Clock {
  return memberZone ?? LOCAL_CLOCK;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useClock(): Clock {
  return useSyncExternalStore(subscribe, currentClock, currentClock);
}
