/** Addresses of the Inbox screens. */
export const INBOX_PATH = '/inbox';
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';
export const UNSUBSCRIBE_PATH = '/unsubscribe';
