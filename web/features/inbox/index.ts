export { InboxLink } from './components/inbox-link';
export { INBOX_PATH, NOTIFICATION_SETTINGS_PATH } from './paths';
