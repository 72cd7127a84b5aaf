import type { NotificationKind } from './constants';

/** How each kind is named in the preferences table and in unsubscribe pages. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'Comments on your posts',
  reply: 'Replies to your comments',
  mention: 'Mentions of you',
  post_like: 'Likes on your posts',
  link_like: 'Likes on your links',
  reaction: 'Reactions to your posts and comments',
  follow: 'New followers',
  join_request: 'Requests to join your groups',
  request_answered: 'Answers to your join requests',
  role_changed: 'Changes to your role in a group',
  group_removed: 'Removal from a group',
  invitation_redeemed: 'Invitations accepted',
  group_invitation: 'Invitations into groups',
  link_ready: 'Your links read and summarised',
  link_failed: 'Your links that could not be read',
  content_removed: 'Your posts or comments removed by moderators',
  group_post: 'New posts in my groups',
  event_changed: 'Changes to events I answered',
  event_promoted: 'A place at an event, off its waiting list',
  event_reminder: 'Reminders before events I answered',
  event_scheduled: 'Dates set for events I answered in a date poll',
  message: 'Private messages to me',
};
