/** The Inbox's, the mail preferences' and the unsubscribe page's words. */
export const INBOX_TEXT = {
  title: 'Inbox',
  description: 'What happened around your posts, links and groups.',
  empty: 'No notifications yet',
  emptyDescription: 'Likes, comments, new followers and group news will show up here.',
  markAll: 'Mark all as read',
  loadMore: 'Load More',
  loadingMore: 'Loading more…',
  noMore: 'No more notifications',
  loadError: (message: string) => `An error has occurred: ${message}`,
  unread: 'Unread',
  /** The top bar icon's accessible name. */
  badgeLabel: (count: number) => (count > 0 ? `Inbox, ${count} unread` : 'Inbox'),
} as const;

/** Invitations into groups, answered at the top of the Inbox (ADR 041). */
export const GROUP_INVITATION_TEXT = {
  title: 'Group invitations',
  line: (inviter: string, group: string, role: string) =>
    `${inviter} invited you to join ${group} as ${role}`,
  accept: 'Accept',
  decline: 'Decline',
  accepted: (group: string) => `You joined ${group}.`,
  declined: (group: string) => `You declined the invitation to ${group}.`,
  openGroup: 'Open group',
} as const;

export const PREFERENCES_TEXT = {
  title: 'Notification mail',
  description: 'Choose which notifications also reach you by mail, and when.',
  kindColumn: 'Notification',
  deliveries: { off: 'Off', instant: 'At once', daily: 'Daily digest' },
  /** The column of Web Push to the member's devices (ADR 052). */
  pushColumn: 'Push',
  pushLabel: (kind: string) => `${kind}: push to my devices`,
  save: 'Save preferences',
  saving: 'Saving…',
  saved: 'Your mail preferences are saved.',
  saveError: (message: string) => `Could not save your preferences: ${message}`,
  back: 'Back to settings',
} as const;

export const UNSUBSCRIBE_TEXT = {
  title: 'Unsubscribe',
  question: (label: string) => `Stop mails for: ${label}?`,
  explain:
    'You will still see these notifications in your Inbox. You can change this any time in your settings.',
  confirm: 'Unsubscribe',
  confirming: 'Unsubscribing…',
  done: (label: string) => `You are unsubscribed from: ${label}.`,
  missing: 'This unsubscribe link is incomplete. Open your mail preferences in Hearth instead.',
  preferences: 'Mail preferences',
} as const;

/** Web Push on the notification settings page (ADR 052). */
export const PUSH_TEXT = {
  deviceTitle: 'Notifications on this device',
  deviceDescription:
    'Hearth can show notifications on this device even when it is closed, for the kinds you push below.',
  unsupported: 'This browser cannot show notifications from websites.',
  blocked:
    'Notifications are blocked for Hearth in this browser. Allow them in the site settings, then try again.',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  turnOn: 'Turn on notifications',
  turnOff: 'Turn off notifications',
  devicesTitle: 'Devices that receive notifications',
  devicesLabel: 'Devices',
  noDevices: 'No device receives notifications yet.',
  thisDevice: 'This device',
  unknownDevice: 'Unknown browser',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  quietTitle: 'Quiet hours and privacy',
  quietDescription:
    'Nothing is pushed during quiet hours; the notifications wait in your Inbox (they are not pushed afterwards).',
  quietOn: 'Pause notifications every night',
  from: 'Quiet from',
  until: 'Quiet until',
  zone: 'Time zone',
  hideContents: 'Hide what notifications say (a locked screen shows only that something is new)',
  save: 'Save quiet hours',
  saved: 'Your quiet hours are saved.',
} as const;
