import type { ReminderChoice } from '@shared/domain/gatherings';

/** How each choice of reminders reads in a menu. */
export const REMINDER_LABELS: Record<ReminderChoice, string> = {
  both: 'The day before and an hour before',
  day_before: 'The day before',
  hour_before: 'An hour before',
  off: 'No reminders',
};
