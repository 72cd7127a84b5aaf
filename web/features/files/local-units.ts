import type { Locale } from '@shared/domain/locales';

/** The units a size is said in, each 1024 of the one before (as shared/domain/format-bytes.ts counts). */
const SIZE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A file's size in the member's language: "512 bytes", "3.2 MB", "3,2 Mo". The same steps and
 * rounding as formatBytes (one decimal under 100, none above); the unit's name and the number's
 * shape come from Intl.
 */
export function localBytes(bytes: number, locale: Locale): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'byte',
      unitDisplay: 'long',
      useGrouping: false,
    }).format(bytes);
  }
  const rounded = (n: number) => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);
  let value = bytes / 1024;
  let unit = 0;
  // Round first, so 1023.96 kB reads "1 MB" rather than "1024 kB".
  while (rounded(value) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: 'short',
    useGrouping: false,
  }).format(rounded(value));
}

/**
 * A length in words for screen readers, in the member's language: "1 minute 23 seconds",
 * "1 Minute und 23 Sekunden" (Intl's units and its way of listing them).
 */
export function localSpokenDuration(milliseconds: number, locale: Locale): string {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return '';
  const total = Math.floor(milliseconds / 1000);
  const parts = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ] as const;
  const said = parts.filter(([count]) => count > 0);
  const spoken = (count: number, unit: string) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
  if (said.length === 0) return spoken(0, 'second');
  return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(
    said.map(([count, unit]) => spoken(count, unit)),
  );
}
