import type { UnsubscribeScope } from '@shared/api/notifications';
import type { NotificationKind } from '@shared/domain/constants';
import { t } from '@web/i18n/i18n';

/**
 * How each kind of notification is named in the preferences table and the unsubscribe page: the
 * messages of shared/domain/notification-labels.ts (whose English they keep) and of every mail.
 */
const KIND_LABELS: Record<UnsubscribeScope, string> = {
  comment: 'inbox.kind.comment',
  reply: 'inbox.kind.reply',
  mention: 'inbox.kind.mention',
  post_like: 'inbox.kind.postLike',
  link_like: 'inbox.kind.linkLike',
  reaction: 'inbox.kind.reaction',
  follow: 'inbox.kind.follow',
  join_request: 'inbox.kind.joinRequest',
  request_answered: 'inbox.kind.requestAnswered',
  role_changed: 'inbox.kind.roleChanged',
  group_removed: 'inbox.kind.groupRemoved',
  invitation_redeemed: 'inbox.kind.invitationRedeemed',
  group_invitation: 'inbox.kind.groupInvitation',
  link_ready: 'inbox.kind.linkReady',
  link_failed: 'inbox.kind.linkFailed',
  content_removed: 'inbox.kind.contentRemoved',
  group_post: 'inbox.kind.groupPost',
  event_changed: 'inbox.kind.eventChanged',
  event_promoted: 'inbox.kind.eventPromoted',
  event_scheduled: 'inbox.kind.eventScheduled',
  event_reminder: 'inbox.kind.eventReminder',
  message: 'inbox.kind.message',
  all: 'inbox.kind.all',
};

/** A kind's (or every mail's) name in the member's language. */
export function kindLabel(scope: NotificationKind | 'all'): string {
  return t(KIND_LABELS[scope]);
}
