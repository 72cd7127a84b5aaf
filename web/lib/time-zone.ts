import { useSyncExternalStore } from 'react';
import { fullDateTime, LOCAL_CLOCK, type Clock } from '@shared/domain/time';

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

/**
 * Readies a member's clock before the first screen draws with it. A page's first `Intl` date format
 * loads the browser's locale data: 110 to 300 ms of main thread on a slow phone, which inside the
 * first render would hold the whole screen. Called while the screen's data is on its way
 * (web/app/first-screen.ts), it makes the formatter every tooltip uses, in a task of its own.
 */
export function prepareClock(zone: string | null) {
  if (!zone) return;
  try {
    fullDateTime(new Date(), zone);
  } catch {
    // A zone this browser does not know: <Time> meets the same error and reports it.
  }
}
