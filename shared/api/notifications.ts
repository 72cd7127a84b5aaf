import { z } from 'zod';
import { MAIL_DELIVERIES, NOTIFICATION_KINDS, type NotificationKind } from '../domain/constants';
import { BLANK, PageQuerySchema, text, tooLong, uuidParam } from './fields';

// Zod-free, so the web client imports it without bundling zod.
export { NOTIFICATION_KIND_LABELS } from '../domain/notification-labels';

/** Contracts of the Inbox (notifications), mail preferences and one-click unsubscribe. */

export const NotificationIdParamsSchema = z.object({ id: uuidParam });

/** GET /api/notifications?after=&limit= ; headers x-next-cursor, x-has-next-page. */
export const NotificationsQuerySchema = PageQuerySchema;

/** Who did it, as every author is shown; null for Hearth itself (a link read or failed). */
export const NotificationActorSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  profile_id: z.string(),
});

export const NOTIFICATION_SUBJECT_TYPES = [
  'post',
  'link',
  'group',
  'profile',
  'event',
  'conversation',
] as const;

/** What the notification is about, for rendering beside the text. */
export const NotificationSubjectSchema = z.object({
  type: z.enum(NOTIFICATION_SUBJECT_TYPES),
  id: z.string(),
  title: z.string().nullable(),
});

/**
 * One line of the Inbox. Rows sharing a group key (likes on one post) come as ONE item: the newest
 * actor, `others_count` other people, unread while any of them is unread.
 */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  created_at: z.string(),
  created_at_human: z.string(),
  time_ago: z.string(),
  read: z.boolean(),
  actor: NotificationActorSchema.nullable(),
  /** Other people in a grouped item ("Ana Lima and 3 others liked …"); 0 otherwise. */
  others_count: z.number().int(),
  subject: NotificationSubjectSchema.nullable(),
  /** The sentence the Inbox and the mails show, built on the server. */
  text: z.string(),
  /** The web app's page that opens the item, e.g. /post/{id}. */
  path: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.array(NotificationSchema);

/** GET /api/notifications/unread_count: grouped items count once. */
export const UnreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** POST /api/notifications/{id}/read and /read_all answer the new unread count. */
export const MarkReadResponseSchema = UnreadCountSchema;

export const NotificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: 'is not a kind of notification' }),
  delivery: z.enum(MAIL_DELIVERIES, { error: 'must be off, instant or daily' }),
  /** Pushed to the member's devices (ADR 052). */
  push: z.boolean({ error: 'must be true or false' }),
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

/** GET and PUT /api/notification_preferences: every kind with its mail delivery and push. */
export const NotificationPreferencesSchema = z.object({
  preferences: z.array(NotificationPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
/** A PUT entry may leave `push` out: the kind's push stays as it was. */
export const UpdateNotificationPreferenceSchema = NotificationPreferenceSchema.extend({
  push: NotificationPreferenceSchema.shape.push.optional(),
});
export const UpdateNotificationPreferencesBodySchema = z.object({
  preferences: z
    .array(UpdateNotificationPreferenceSchema)
    .min(1, { error: BLANK })
    .max(NOTIFICATION_KINDS.length * 2, { error: `has more than ${NOTIFICATION_KINDS.length * 2} entries` }),
});

/** What a one-click unsubscribe link stops: one kind of mail, or every notification mail. */
export type UnsubscribeScope = NotificationKind | 'all';

/** GET /api/unsubscribe?token= (describes, changes nothing) and POST /api/unsubscribe?token= (applies). */
export const UnsubscribeQuerySchema = z.object({ token: text().max(500, tooLong(500)) });
export const UnsubscribeInfoSchema = z.object({
  scope: z.union([z.enum(NOTIFICATION_KINDS), z.literal('all')]),
  /** What the mails are, in words: "post likes", "all notification mails". */
  label: z.string(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfoSchema>;
export const UnsubscribeResultSchema = UnsubscribeInfoSchema.extend({ unsubscribed: z.literal(true) });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid. Open your mail preferences in Hearth instead.',
  expired: 'This unsubscribe link has expired. Open your mail preferences in Hearth instead.',
} as const;

export const ALL_NOTIFICATION_MAILS_LABEL = 'All notification mails';
