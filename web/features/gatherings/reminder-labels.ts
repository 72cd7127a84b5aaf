import type { ReminderChoice } from '@shared/domain/gatherings';

/** Each choice of reminders' message, for a menu (called with `t` at render). */
export const REMINDER_LABELS: Record<ReminderChoice, string> = {
  both: 'gatherings.reminders.both',
  day_before: 'gatherings.reminders.dayBefore',
  hour_before: 'gatherings.reminders.hourBefore',
  off: 'gatherings.reminders.off',
};
