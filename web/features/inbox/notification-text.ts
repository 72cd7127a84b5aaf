import type { Notification } from '@shared/api/notifications';
import { roleLabel } from '@web/features/groups/role-labels';
import { currentLocale, t } from '@web/i18n/i18n';

/**
 * A notification's sentence in the member's language. The server words every line in English
 * (server/features/notifications/notification-text.ts, for the mails and the Inbox alike) and the
 * API carries the sentence with the kind, the actor, the others' count and the subject, but not
 * every fact a sentence names (the group of a post, a role, a reason). So each kind's English
 * sentence is read back here, its values taken from where the server put them, and said again
 * through the kind's message; a line that reads otherwise (a wording this web does not know yet)
 * is shown as it came.
 */
export function notificationText(item: Notification): string {
  const reading = readNotification(item);
  return reading ? t(reading.id, reading.values) : item.text;
}

type Reading = { id: string; values: Record<string, string | number> };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The server's optional quoted title at a sentence's end: ` “…”`. */
const TITLE = '(?: “(.*)”)?';

/** Whether there is a title, and the title itself, for a message's `{titled, select, …}`. */
const titled = (title: string | undefined) => ({ titled: title ? 'yes' : 'no', title: title ?? '' });

/** The server's placeholder for a group without a name, said in the member's language. */
const groupName = (group: string) => (group === 'a group' ? t('inbox.notification.aGroup') : group);

function readNotification(item: Notification): Reading | null {
  const name = item.actor?.name ?? 'Someone';
  const others = item.others_count;
  const who = escape(others <= 0 ? name : `${name} and ${others} ${others === 1 ? 'other' : 'others'}`);
  // Who did it, for a message's `{others, plural, …}`: its verb agrees with one person or several.
  const people = { name: item.actor ? name : t('inbox.notification.someone'), others: Math.max(others, 0) };
  const match = (pattern: string) => new RegExp(`^${pattern}$`, 's').exec(item.text);
  let found: RegExpExecArray | null;

  switch (item.kind) {
    case 'comment':
      found = match(`${who} commented on your (post|link)${TITLE}`);
      return (
        found && {
          id: 'inbox.notification.comment',
          values: { ...people, noun: found[1]!, ...titled(found[2]) },
        }
      );
    case 'reply':
      found = match(`${who} replied to your comment on${TITLE}`);
      return found && { id: 'inbox.notification.reply', values: { ...people, ...titled(found[1]) } };
    case 'mention':
      found = match(`${who} mentioned you (in a comment on|in)${TITLE}`);
      return (
        found && {
          id: 'inbox.notification.mention',
          values: { ...people, where: found[1] === 'in' ? 'post' : 'comment', ...titled(found[2]) },
        }
      );
    case 'post_like':
      found = match(`${who} liked your post${TITLE}`);
      return found && { id: 'inbox.notification.postLike', values: { ...people, ...titled(found[1]) } };
    case 'link_like':
      found = match(`${who} liked your link${TITLE}`);
      return found && { id: 'inbox.notification.linkLike', values: { ...people, ...titled(found[1]) } };
    case 'reaction':
      found = match(`${who} reacted to your (comment on|post)${TITLE}`);
      return (
        found && {
          id: 'inbox.notification.reaction',
          values: { ...people, on: found[1] === 'post' ? 'post' : 'comment', ...titled(found[2]) },
        }
      );
    case 'follow':
      return match(`${who} started following you`) && { id: 'inbox.notification.follow', values: people };
    case 'join_request':
      found = match(`${who} asked to join (.+)`);
      return (
        found && {
          id: 'inbox.notification.joinRequest',
          values: { ...people, group: groupName(found[1]!) },
        }
      );
    case 'request_answered':
      found = match('Your request to join (.+) was (accepted|declined)');
      return (
        found && {
          id: 'inbox.notification.requestAnswered',
          values: { group: groupName(found[1]!), answer: found[2]! },
        }
      );
    case 'role_changed':
      found = match('You are now (.+?) in (.+)');
      if (found) {
        return {
          id: 'inbox.notification.roleNow',
          values: { role: roleLabel(found[1]!), group: groupName(found[2]!) },
        };
      }
      found = match('Your role in (.+) changed');
      return found && { id: 'inbox.notification.roleChanged', values: { group: groupName(found[1]!) } };
    case 'group_removed':
      found = match('You were removed from (.+)');
      return found && { id: 'inbox.notification.removed', values: { group: groupName(found[1]!) } };
    case 'invitation_redeemed':
      return (
        match(`${who} accepted your invitation and joined`) && {
          id: 'inbox.notification.invitationRedeemed',
          values: people,
        }
      );
    case 'group_invitation':
      return readGroupInvitation(item, who, people);
    case 'link_ready':
    case 'link_failed':
      found = match(`Your link${TITLE} (is ready|could not be read)`);
      return (
        found && {
          id: 'inbox.notification.link',
          values: { outcome: found[2] === 'is ready' ? 'ready' : 'failed', ...titled(found[1]) },
        }
      );
    case 'content_removed':
      return readContentRemoved(item);
    case 'group_post':
      return readGroupPost(item);
    case 'event_changed':
      return readEventChanged(item, who, people);
    case 'event_promoted':
      found = match(`A place opened up: you are now going(?: to “(.*)”)?`);
      return found && { id: 'inbox.notification.eventPromoted', values: titled(found[1]) };
    case 'event_reminder':
      found = match('Reminder: (?:the event|“(.*)”) (is tomorrow|starts in an hour)');
      return (
        found && {
          id: 'inbox.notification.eventReminder',
          values: { ...titled(found[1]), lead: found[2] === 'is tomorrow' ? 'day_before' : 'hour_before' },
        }
      );
    case 'event_scheduled':
      found = match(`${who} set the date of (?:the event|“(.*)”)`);
      return found && { id: 'inbox.notification.eventScheduled', values: { ...people, ...titled(found[1]) } };
    case 'message':
      return readMessages(item, who, people);
  }
}

/** "Ana invited you to join Chess club as Poster": the group is the subject's title when it names one. */
function readGroupInvitation(item: Notification, who: string, people: Reading['values']): Reading | null {
  const group = item.subject?.type === 'group' && item.subject.title ? escape(item.subject.title) : '(.+?)';
  const found = new RegExp(`^${who} invited you to join (${group})(?: as (.+))?$`, 's').exec(item.text);
  if (!found) return null;
  const values = { ...people, group: groupName(found[1]!) };
  return found[2]
    ? { id: 'inbox.notification.groupInvitationRole', values: { ...values, role: roleLabel(found[2]) } }
    : { id: 'inbox.notification.groupInvitation', values };
}

/**
 * "A moderator removed your comment “…” from Chess club: spam". The group is the subject's title
 * (the post or comment is gone), so the reason is what follows it.
 */
function readContentRemoved(item: Notification): Reading | null {
  const group = item.subject?.type === 'group' ? item.subject.title : null;
  const where = group ? `(?: from (${escape(group)}))?` : '()';
  const found = new RegExp(`^A moderator removed your (post|comment)${TITLE}${where}(?:: (.*))?$`, 's').exec(
    item.text,
  );
  if (!found) return null;
  return {
    id: 'inbox.notification.contentRemoved',
    values: {
      what: found[1]!,
      ...titled(found[2]),
      grouped: found[3] ? 'yes' : 'no',
      group: found[3] ?? '',
      reasoned: found[4] ? 'yes' : 'no',
      reason: found[4] ?? '',
    },
  };
}

/** The parts of an event an edit names, as the server's English says them, and their messages. */
const EVENT_ASPECTS: Readonly<Record<string, string>> = {
  'the capacity': 'inbox.notification.eventAspect.capacity',
  'the description': 'inbox.notification.eventAspect.description',
  'the guests': 'inbox.notification.eventAspect.guests',
  'the place': 'inbox.notification.eventAspect.place',
  'the time': 'inbox.notification.eventAspect.time',
  'the title': 'inbox.notification.eventAspect.title',
};

/**
 * An organiser's edit or cancellation (ADR 057): "Ana Lima changed the time and the place of the
 * event “Picnic”". The changed parts are read back one by one and listed again as the member's
 * language lists them; a part this web does not know leaves the line as it came.
 */
function readEventChanged(item: Notification, who: string, people: Reading['values']): Reading | null {
  const cancelled = new RegExp(`^${who} cancelled the event${TITLE}$`, 's').exec(item.text);
  if (cancelled)
    return { id: 'inbox.notification.eventCancelled', values: { ...people, ...titled(cancelled[1]) } };
  const plain = new RegExp(`^${who} changed the event${TITLE}$`, 's').exec(item.text);
  if (plain) return { id: 'inbox.notification.eventChanged', values: { ...people, ...titled(plain[1]) } };
  const found = new RegExp(`^${who} changed (.+?) of the event${TITLE}$`, 's').exec(item.text);
  if (!found) return null;
  const aspects = found[1]!.split(/, and |, | and /).map((words) => EVENT_ASPECTS[words]);
  if (aspects.some((id) => id === undefined)) return null;
  const changes = new Intl.ListFormat(currentLocale(), { style: 'long', type: 'conjunction' }).format(
    aspects.map((id) => t(id!)),
  );
  return { id: 'inbox.notification.eventChangedWhat', values: { ...people, changes, ...titled(found[2]) } };
}

/** "3 new posts in Chess club", or "Ana Lima posted in Chess club: “Picnic”". */
function readGroupPost(item: Notification): Reading | null {
  const many = /^(\d+) new posts in (.+)$/s.exec(item.text);
  if (many) {
    return {
      id: 'inbox.notification.groupPosts',
      values: { count: Number(many[1]), group: groupName(many[2]!) },
    };
  }
  const name = item.actor?.name ?? 'Someone';
  const one = new RegExp(`^${escape(name)} posted in (.+):${TITLE}$`, 's').exec(item.text);
  if (!one) return null;
  return {
    id: 'inbox.notification.groupPost',
    values: {
      name: item.actor ? name : t('inbox.notification.someone'),
      group: groupName(one[1]!),
      ...titled(one[2]),
    },
  };
}

/**
 * "Ana Lima sent you 3 messages", or in a circle "… sent a message in Climbers" (the circle's name
 * is the subject's title; a circle without one is "a group conversation").
 */
function readMessages(item: Notification, who: string, people: Reading['values']): Reading | null {
  const count = (said: string) => (said === 'a message' ? 1 : parseInt(said, 10));
  const direct = new RegExp(`^${who} sent you (a message|\\d+ messages)$`, 's').exec(item.text);
  if (direct) return { id: 'inbox.notification.message', values: { ...people, count: count(direct[1]!) } };
  const circle = item.subject?.type === 'conversation' ? item.subject.title : null;
  const where = circle ? escape(circle) : 'a group conversation';
  const found = new RegExp(`^${who} sent (a message|\\d+ messages) in ${where}$`, 's').exec(item.text);
  return (
    found && {
      id: 'inbox.notification.messageIn',
      values: { ...people, count: count(found[1]!), circled: circle ? 'yes' : 'no', circle: circle ?? '' },
    }
  );
}
