import type { NotificationKind } from '../../../shared/domain/constants';
import type { Locale } from '../../../shared/domain/locales';
import { type MailText, mailText } from '../../i18n/mail-text';

/**
 * The one place that words a notification and decides where it leads. The Inbox, the instant mail
 * and the daily digest all use it, so a kind reads the same everywhere; the words are the
 * `mail.notification.*` messages, in the language of the member who reads them (ADR 055). Every kind of
 * NOTIFICATION_KINDS is handled; what a kind needs beyond its references travels in `data`:
 * - `request_answered`: `{ accepted: boolean }` (or `{ status: 'accepted' | 'rejected' }`);
 * - `role_changed`: `{ role }`;
 * - `group_invitation`: `{ role, invitation_id }` (answered in the Inbox, ADR 041);
 * - `content_removed`: `{ reason, excerpt, subject: 'post' | 'comment' }` (no post/comment id:
 *   the content is gone).
 * - `group_post` (ADR 045): nothing; the line folds a group's new posts by `unreadRows`.
 * - `event_changed` (ADR 057): `{ title, changes: string[], cancelled?: true }`, the event named by
 *   `eventId`; `event_promoted`: `{ title }`; `event_reminder`: `{ title, lead: 'day_before' |
 *   'hour_before' }`; `event_scheduled` (a date poll became the event named by `eventId`): `{ title }`.
 * - `message` (ADR 060): nothing; the line folds a conversation's unread messages by `unreadRows`
 *   and is named by `conversation`. It never quotes a message: the mail leaves Hearth.
 */

export interface NotificationFacts {
  kind: NotificationKind;
  /** The actor's display name; null for Hearth itself. */
  actorName: string | null;
  actorId: string | null;
  othersCount: number;
  /** Unread rows of the line (`group_post`: "3 new posts in …"); 0 when not counted. */
  unreadRows: number;
  postId: string | null;
  postTitle: string | null;
  /** A reply, a mention or a comment on a link names the link; else the post. */
  linkId: string | null;
  linkTitle: string | null;
  /** A mention or reply in a comment (post or link comment). */
  inComment: boolean;
  groupId: string | null;
  groupName: string | null;
  /** The event an `event_*` notification is about (ADR 057). */
  eventId: string | null;
  /** The conversation a `message` line is about (ADR 060); a circle's name, when it has one. */
  conversation: { id: string; kind: 'direct' | 'circle'; name: string | null } | null;
  data: Record<string, unknown>;
}

export interface NotificationWording {
  text: string;
  path: string;
}

/** Titles are quoted short: a long tldr would swamp the line. */
export const TITLE_MAX = 60;

/** A title on one line, cut short with an ellipsis; null when there is none. The message quotes it. */
export function shortTitle(title: string | null | undefined): string | null {
  const clean = (title ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > TITLE_MAX ? `${clean.slice(0, TITLE_MAX - 1).trimEnd()}…` : clean;
}

/**
 * "Ana Lima", "Ana Lima and 1 other", "Ana Lima and 3 others" (in the reader's language). The lines
 * that fold several people (likes, reactions) also pass `others` to their message, so a language
 * whose verb follows the number ("hat"/"haben") can choose it.
 */
export function actorPhrase(actorName: string | null, othersCount: number, locale: Locale): string {
  const t = mailText(locale);
  const name = actorName ?? t('mail.notification.someone');
  return t('mail.notification.actors', { name, others: Math.max(othersCount, 0) });
}

const postPath = (id: string) => `/post/${id}`;
const linkPath = (id: string) => `/links/${id}`;
const groupPath = (id: string) => `/group/${id}`;
const profilePath = (id: string) => `/profiles/${id}`;
const eventPath = (id: string) => `/events/${id}`;
const conversationPath = (id: string) => `/messages/${id}`;
const MESSAGES_PATH = '/messages';
const UPCOMING_PATH = '/events';
const GROUPS_PATH = '/groups';
const GROUP_REQUESTS_PATH = '/group-requests';
const TIMELINE_PATH = '/dashboard';
const INBOX_PATH = '/inbox';

/**
 * A line that names a post or link when it has a title: `id` without one, `${id}Titled` (the same
 * words with the quoted title) with one. The two ids are literal, so the catalog check finds them.
 */
function withTitle(
  t: MailText,
  ids: readonly [untitled: string, titled: string],
  title: string | null,
  values: Record<string, unknown>,
): string {
  const short = shortTitle(title);
  return short ? t(ids[1], { ...values, title: short }) : t(ids[0], values);
}

function stringField(data: Record<string, unknown>, key: string): string | null {
  const value = data[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The parts of an event an organiser's edit may change, each a message ("the time"). */
const EVENT_ASPECTS: Readonly<Record<string, string>> = {
  capacity: 'mail.notification.eventAspect.capacity',
  description: 'mail.notification.eventAspect.description',
  guests: 'mail.notification.eventAspect.guests',
  place: 'mail.notification.eventAspect.place',
  time: 'mail.notification.eventAspect.time',
  title: 'mail.notification.eventAspect.title',
};

/** "the time and the place": what an organiser's edit changed, as a phrase in `locale`. */
function changesPhrase(data: Record<string, unknown>, locale: Locale): string | null {
  const t = mailText(locale);
  const named = (Array.isArray(data.changes) ? data.changes : [])
    .filter((change): change is string => typeof change === 'string' && change in EVENT_ASPECTS)
    .map((change) => t(EVENT_ASPECTS[change]!));
  if (named.length === 0) return null;
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(named);
}

/** "Ana sent you 3 messages", or in a circle "… in Climbers": never a word of the messages themselves. */
function messageLine(
  t: MailText,
  facts: NotificationFacts,
  who: string,
  others: number,
): NotificationWording {
  const conversation = facts.conversation;
  const values = { who, others, count: Math.max(facts.unreadRows, 1) };
  const text =
    conversation?.kind !== 'circle'
      ? t('mail.notification.message', values)
      : conversation.name
        ? t('mail.notification.messageIn', { ...values, name: conversation.name })
        : t('mail.notification.messageInCircle', values);
  return { text, path: conversation ? conversationPath(conversation.id) : MESSAGES_PATH };
}

function wasAccepted(data: Record<string, unknown>): boolean {
  if (typeof data.accepted === 'boolean') return data.accepted;
  return data.status !== 'rejected';
}

/** Where a post or link subject leads, and its title; a link wins when both are named. */
function subjectOf(facts: NotificationFacts): { path: string; title: string | null; noun: 'link' | 'post' } {
  if (facts.linkId) return { path: linkPath(facts.linkId), title: facts.linkTitle, noun: 'link' };
  if (facts.postId) return { path: postPath(facts.postId), title: facts.postTitle, noun: 'post' };
  return { path: TIMELINE_PATH, title: null, noun: 'post' };
}

/** "A moderator removed your post “…” from Climbers: spam", each part there when known. */
function removalText(t: MailText, facts: NotificationFacts): string {
  const what = facts.data.subject === 'comment' ? 'comment' : 'post';
  const excerpt = shortTitle(stringField(facts.data, 'excerpt'));
  const group = facts.groupName;
  const removal =
    excerpt && group
      ? t('mail.notification.removedExcerptFrom', { what, excerpt, group })
      : excerpt
        ? t('mail.notification.removedExcerpt', { what, excerpt })
        : group
          ? t('mail.notification.removedFrom', { what, group })
          : t('mail.notification.removed', { what });
  const reason = stringField(facts.data, 'reason');
  return reason ? t('mail.notification.removedBecause', { removal, reason }) : removal;
}

export function wordNotification(facts: NotificationFacts, locale: Locale): NotificationWording {
  const t = mailText(locale);
  const others = Math.max(facts.othersCount, 0);
  const who = actorPhrase(facts.actorName, others, locale);
  const group = facts.groupName ?? t('mail.notification.aGroup');
  const subject = subjectOf(facts);
  const place = facts.inComment ? 'comment' : 'post';
  switch (facts.kind) {
    case 'comment':
      return {
        text: withTitle(t, ['mail.notification.comment', 'mail.notification.commentTitled'], subject.title, {
          who,
          noun: subject.noun,
        }),
        path: subject.path,
      };
    case 'reply':
      return {
        text: withTitle(t, ['mail.notification.reply', 'mail.notification.replyTitled'], subject.title, {
          who,
        }),
        path: subject.path,
      };
    case 'mention':
      return {
        text: withTitle(t, ['mail.notification.mention', 'mail.notification.mentionTitled'], subject.title, {
          who,
          place,
        }),
        path: subject.path,
      };
    case 'post_like':
      return {
        text: withTitle(
          t,
          ['mail.notification.postLike', 'mail.notification.postLikeTitled'],
          facts.postTitle,
          {
            who,
            others,
          },
        ),
        path: subject.path,
      };
    case 'link_like':
      return {
        text: withTitle(
          t,
          ['mail.notification.linkLike', 'mail.notification.linkLikeTitled'],
          facts.linkTitle,
          {
            who,
            others,
          },
        ),
        path: subject.path,
      };
    case 'reaction':
      return {
        text: withTitle(
          t,
          ['mail.notification.reaction', 'mail.notification.reactionTitled'],
          facts.postTitle,
          {
            who,
            others,
            place,
          },
        ),
        path: subject.path,
      };
    case 'follow':
      return {
        text: t('mail.notification.follow', { who }),
        path: facts.actorId ? profilePath(facts.actorId) : '/friends',
      };
    case 'join_request':
      return { text: t('mail.notification.joinRequest', { who, group }), path: GROUP_REQUESTS_PATH };
    case 'request_answered':
      return wasAccepted(facts.data)
        ? {
            text: t('mail.notification.requestAccepted', { group }),
            path: facts.groupId ? groupPath(facts.groupId) : GROUPS_PATH,
          }
        : { text: t('mail.notification.requestDeclined', { group }), path: GROUPS_PATH };
    case 'role_changed': {
      const role = stringField(facts.data, 'role');
      return {
        text: role
          ? t('mail.notification.roleNow', { role, group })
          : t('mail.notification.roleChanged', { group }),
        path: facts.groupId ? groupPath(facts.groupId) : GROUPS_PATH,
      };
    }
    case 'group_removed':
      return { text: t('mail.notification.groupRemoved', { group }), path: GROUPS_PATH };
    case 'invitation_redeemed':
      return {
        text: t('mail.notification.invitationRedeemed', { who }),
        path: facts.actorId ? profilePath(facts.actorId) : '/invitations',
      };
    case 'group_invitation': {
      const role = stringField(facts.data, 'role');
      return {
        text: role
          ? t('mail.notification.groupInvitationRole', { who, group, role })
          : t('mail.notification.groupInvitation', { who, group }),
        path: INBOX_PATH,
      };
    }
    case 'link_ready':
      return {
        text: withTitle(
          t,
          ['mail.notification.linkReady', 'mail.notification.linkReadyTitled'],
          facts.linkTitle,
          {},
        ),
        path: subject.path,
      };
    case 'link_failed':
      return {
        text: withTitle(
          t,
          ['mail.notification.linkFailed', 'mail.notification.linkFailedTitled'],
          facts.linkTitle,
          {},
        ),
        path: subject.path,
      };
    case 'content_removed':
      return {
        text: removalText(t, facts),
        path: facts.groupId ? groupPath(facts.groupId) : TIMELINE_PATH,
      };
    case 'event_changed': {
      const path = facts.eventId ? eventPath(facts.eventId) : UPCOMING_PATH;
      const title = stringField(facts.data, 'title');
      if (facts.data.cancelled === true) {
        return {
          text: withTitle(
            t,
            ['mail.notification.eventCancelled', 'mail.notification.eventCancelledTitled'],
            title,
            { who },
          ),
          path,
        };
      }
      const changes = changesPhrase(facts.data, locale);
      return {
        text: changes
          ? withTitle(
              t,
              ['mail.notification.eventChangedWhat', 'mail.notification.eventChangedWhatTitled'],
              title,
              {
                who,
                changes,
              },
            )
          : withTitle(t, ['mail.notification.eventChanged', 'mail.notification.eventChangedTitled'], title, {
              who,
            }),
        path,
      };
    }
    case 'event_promoted':
      return {
        text: withTitle(
          t,
          ['mail.notification.eventPromoted', 'mail.notification.eventPromotedTitled'],
          stringField(facts.data, 'title'),
          {},
        ),
        path: facts.eventId ? eventPath(facts.eventId) : UPCOMING_PATH,
      };
    case 'event_reminder':
      return {
        text: withTitle(
          t,
          facts.data.lead === 'day_before'
            ? ['mail.notification.eventReminderTomorrow', 'mail.notification.eventReminderTomorrowTitled']
            : ['mail.notification.eventReminderSoon', 'mail.notification.eventReminderSoonTitled'],
          stringField(facts.data, 'title'),
          {},
        ),
        path: facts.eventId ? eventPath(facts.eventId) : UPCOMING_PATH,
      };
    case 'event_scheduled':
      return {
        text: withTitle(
          t,
          ['mail.notification.eventScheduled', 'mail.notification.eventScheduledTitled'],
          stringField(facts.data, 'title'),
          { who },
        ),
        path: facts.eventId ? eventPath(facts.eventId) : UPCOMING_PATH,
      };
    case 'message':
      return messageLine(t, facts, who, others);
    case 'group_post':
      // Several unread posts read as one line leading to the group; one (or a line read) names it.
      return facts.unreadRows > 1
        ? {
            text: t('mail.notification.groupPosts', { count: facts.unreadRows, group }),
            path: facts.groupId ? groupPath(facts.groupId) : GROUPS_PATH,
          }
        : {
            text: withTitle(
              t,
              ['mail.notification.groupPost', 'mail.notification.groupPostTitled'],
              facts.postTitle,
              {
                name: facts.actorName ?? t('mail.notification.someone'),
                group,
              },
            ),
            path: subject.path,
          };
  }
}
