/**
 * IANA time zones, as the member's `time_zone` (decision 023). A zone is accepted when `Intl` knows
 * it by name; it is kept in its canonical spelling ('asia/tokyo' becomes 'Asia/Tokyo'). Offsets
 * ('+05:30') and abbreviations ('CET' aside, which IANA itself names) are not zones a member lives in.
 */

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

let knownByLowerCase: Map<string, string> | null = null;

/**
 * The name of a time zone `Intl` knows, spelled as the zone list spells it, or null. Names are kept,
 * not resolved: some runtimes resolve 'Asia/Kolkata' to its old alias 'Asia/Calcutta'.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!ZONE_NAME.test(value)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Spelled as resolved: nothing to look up (the list costs ~25 ms to build, on a page's first load).
  if (resolved === value) return value;
  knownByLowerCase ??= new Map(knownTimeZones().map((zone) => [zone.toLowerCase(), zone]));
  const listed = knownByLowerCase.get(value.toLowerCase());
  if (listed) return listed;
  if (resolved.toLowerCase() === value.toLowerCase()) return resolved;
  // A newer name than this runtime's list: kept as written when written like one ('Asia/Kolkata').
  return /^[A-Z]/.test(value) && value.split('/').every((part) => /^[A-Z0-9+-]/.test(part))
    ? value
    : resolved;
}

/** Every zone this runtime knows, for the picker; UTC first is left to the caller. */
export function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
}

/** `Temporal.Now`, where the runtime has it (Chromium 144 and later; not Node 20). */
type TemporalNow = { Now?: { timeZoneId?: () => string } };

/**
 * The zone of this browser or process, or UTC when it cannot say. Temporal names it without
 * loading ICU's date formats, which `Intl.DateTimeFormat` does on a page's first use (about 12 ms on
 * a desktop, 50 to 110 on a phone): a member's first visit records the zone as the app first shows.
 */
export function systemTimeZone(): string {
  const named = (globalThis as { Temporal?: TemporalNow }).Temporal?.Now?.timeZoneId?.();
  if (named && ZONE_NAME.test(named)) return named;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && canonicalTimeZone(zone) ? zone : 'UTC';
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time in a zone at an instant. */
export function wallTime(instant: Date, timeZone: string) {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a zone's clock shows the given date and hour. When the clocks skip that hour (a
 * spring-forward gap) it is the moment just after the gap; when they show it twice, the first.
 */
export function instantOfWallTime(
  wall: { year: number; month: number; day: number; hour: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour);
  // The offset can differ either side of a change: try the one before and the one after.
  const candidates = [new Date(asUtc - 36 * 3600_000), new Date(asUtc + 36 * 3600_000)]
    .map((probe) => asUtc - offsetAt(probe, timeZone))
    .map((time) => new Date(time))
    .filter((instant) => {
      const shown = wallTime(instant, timeZone);
      return (
        shown.year === wall.year &&
        shown.month === wall.month &&
        shown.day === wall.day &&
        shown.hour === wall.hour
      );
    })
    .sort((a, b) => a.getTime() - b.getTime());
  if (candidates[0]) return candidates[0];
  // In a gap the hour never shows: read with the offset before the change, it lands just past the gap.
  return new Date(asUtc - offsetAt(new Date(asUtc - 36 * 3600_000), timeZone));
}
