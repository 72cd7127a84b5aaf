/** How long exports are kept, how often a member may ask, and how many the list shows (ADR 021). */
export const DATA_EXPORT_LIMITS = {
  /** A ready export can be downloaded this long, then it and its zip are deleted. */
  keepDays: 7,
  /** One new export per member per this many minutes (a failed one does not count). */
  throttleMinutes: 60,
  /** The exports a member's list shows, newest first. */
  listed: 10,
} as const;
