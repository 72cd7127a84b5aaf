/** What other features use of gatherings (ADR 057): a group's upcoming events on its page. */
export { GroupEvents } from './components/group-events';
export { ReminderDefaultCard } from './components/reminder-default-card';
