/** Business constants from the product specification (section 9) and our server decisions. */

export const APP_NAME = 'Hearth';

export const GROUP_ROLES = ['Owner', 'Poster', 'Moderator', 'Commentor'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/** Roles an owner may grant when accepting a join request (never Owner). */
export const REQUEST_ROLES = ['Poster', 'Moderator', 'Commentor'] as const;
export type RequestRole = (typeof REQUEST_ROLES)[number];

export const GROUP_REQUEST_STATUSES = ['accepted', 'rejected'] as const;
export type GroupRequestStatus = (typeof GROUP_REQUEST_STATUSES)[number];

/** How a member answers an invitation into a group (ADR 041). */
export const GROUP_INVITATION_STATUSES = ['accepted', 'declined'] as const;
export type GroupInvitationStatus = (typeof GROUP_INVITATION_STATUSES)[number];

export const FILE_TYPES = ['post_attachment', 'profile', 'message_attachment'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/**
 * Who sees a link: `private` its owner, `public` the owner's followers, `published` everyone, and
 * `group` the current members of the one group it was shared into (ADR 046).
 */
export const LINK_VISIBILITIES = ['private', 'public', 'published', 'group'] as const;
export type LinkVisibility = (typeof LINK_VISIBILITIES)[number];

export const GROUP_SORTS = ['name', 'date', 'status'] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];

export const LIMITS = {
  postContent: 2000,
  postTldr: 300,
  cardPreview: 200,
  linkCommentPreview: 200,
  commentContent: 10_000,
  feedbackContent: 10_000,
  passwordMin: 8,
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 30,
  nameMax: 100,
  aboutMax: 1000,
  locationMax: 100,
  groupNameMax: 100,
  groupDescriptionMax: 1000,
  /**
   * A search query's characters: enough for a pasted paragraph or quotation (the server scores at
   * most its most telling words, see server/features/search/bm25.ts).
   */
  searchQuery: 1000,
  slugMin: 3,
  slugMax: 80,
  emailMax: 254,
  urlMax: 2048,
  pageSize: 20,
  pageSizeMax: 50,
  /** Unredeemed invitations a member may hold at once (admins: no limit). */
  invitationsOutstanding: 10,
  /** Files one post may carry (`file_request_ids`, ADR 048). */
  postFiles: 20,
  /** Characters of one photo's description (its alt text). */
  fileAlt: 1500,
} as const;

export const DURATIONS = {
  requestTimeoutMs: 30_000,
  /** A session ends after this many days without use (ADR 010). */
  sessionIdleDays: 14,
  /** …and this many days after sign-in however much it is used (ADR 010). */
  sessionAbsoluteDays: 90,
  invitationDays: 30,
  confirmationHours: 24,
  resetHours: 6,
  /** A link confirming a new email address works this long, once. */
  emailChangeHours: 24,
  /** Between a right password and its two-factor code (the pending sign-in). */
  pendingSignInMinutes: 10,
} as const;

export const STORAGE_KEYS = { redirectAfterLogin: 'redirectAfterLogin' } as const;

/**
 * What a notification is about. Each kind has its own mail preference (off, at once, daily digest).
 * `post_like`, `link_like` and `reaction` are grouped in the inbox ("Ana and 3 others liked …",
 * "… reacted to your post"); `group_post` (a new post in one of my groups, ADR 045) by group
 * ("3 new posts in Climbing Club"); `message` (a private message, ADR 060) by conversation
 * ("Ana sent you 3 messages").
 */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'mention',
  'post_like',
  'link_like',
  'reaction',
  'follow',
  'join_request',
  'request_answered',
  'role_changed',
  'group_removed',
  'invitation_redeemed',
  'group_invitation',
  'link_ready',
  'link_failed',
  'content_removed',
  'group_post',
  'event_changed',
  'event_promoted',
  'event_reminder',
  'event_scheduled',
  'message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const MAIL_DELIVERIES = ['off', 'instant', 'daily'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];
