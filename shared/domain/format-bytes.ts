const UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/**
 * A size as people read it, in steps of 1024: "512 bytes", "1.2 MB", "25 MB". One decimal below
 * 100 of a unit, none above; a whole number is written without its ".0".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  // Round first, so 1023.96 kB reads "1 MB" rather than "1024 kB".
  const rounded = (n: number) => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);
  while (rounded(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${rounded(value)} ${UNITS[unit]}`;
}
