import type { NotificationKind } from '../../../shared/domain/constants';

/**
 * The one place that words a notification and decides where it leads. The Inbox, the instant mail
 * and the daily digest all use it, so a kind reads the same everywhere. Every kind of
 * NOTIFICATION_KINDS is handled; what a kind needs beyond its references travels in `data`:
 * - `request_answered`: `{ accepted: boolean }` (or `{ status: 'accepted' | 'rejected' }`);
 * - `role_changed`: `{ role }`;
 * - `group_invitation`: `{ role, invitation_id }` (answered in the Inbox, ADR 041);
 * - `content_removed`: `{ reason, excerpt, subject: 'post' | 'comment' }` (no post/comment id:
 *   the content is gone).
 * - `group_post` (ADR 045): nothing; the line folds a group's new posts by `unreadRows`.
 * - `event_changed` (ADR 057): `{ title, changes: string[], cancelled?: true }`, the event named by
 *   `eventId`; `event_promoted`: `{ title }`.
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
  data: Record<string, unknown>;
}

export interface NotificationWording {
  text: string;
  path: string;
}

/** Titles are quoted short: a long tldr would swamp the line. */
export const TITLE_MAX = 60;

export function quoteTitle(title: string | null | undefined): string {
  const clean = (title ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return '';
  const short = clean.length > TITLE_MAX ? `${clean.slice(0, TITLE_MAX - 1).trimEnd()}…` : clean;
  return `“${short}”`;
}

/** "Ana Lima", "Ana Lima and 1 other", "Ana Lima and 3 others". */
export function actorPhrase(actorName: string | null, othersCount: number): string {
  const name = actorName ?? 'Someone';
  if (othersCount <= 0) return name;
  return `${name} and ${othersCount} ${othersCount === 1 ? 'other' : 'others'}`;
}

const postPath = (id: string) => `/post/${id}`;
const linkPath = (id: string) => `/links/${id}`;
const groupPath = (id: string) => `/group/${id}`;
const profilePath = (id: string) => `/profiles/${id}`;
const eventPath = (id: string) => `/events/${id}`;
const UPCOMING_PATH = '/events';
const GROUPS_PATH = '/groups';
const GROUP_REQUESTS_PATH = '/group-requests';
const TIMELINE_PATH = '/dashboard';
const INBOX_PATH = '/inbox';

function withTitle(phrase: string, title: string | null): string {
  const quoted = quoteTitle(title);
  return quoted ? `${phrase} ${quoted}` : phrase;
}

function stringField(data: Record<string, unknown>, key: string): string | null {
  const value = data[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** "the time and the place": what an organiser's edit changed, as a phrase. */
function changesPhrase(data: Record<string, unknown>): string | null {
  const changes = Array.isArray(data.changes)
    ? data.changes.filter((change): change is string => typeof change === 'string')
    : [];
  if (changes.length === 0) return null;
  const named = changes.map((change) => `the ${change}`);
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

function wasAccepted(data: Record<string, unknown>): boolean {
  if (typeof data.accepted === 'boolean') return data.accepted;
  return data.status !== 'rejected';
}

/** Where a post or link subject leads, and its title; a link wins when both are named. */
function subjectOf(facts: NotificationFacts): { path: string; title: string | null; noun: string } {
  if (facts.linkId) return { path: linkPath(facts.linkId), title: facts.linkTitle, noun: 'link' };
  if (facts.postId) return { path: postPath(facts.postId), title: facts.postTitle, noun: 'post' };
  return { path: TIMELINE_PATH, title: null, noun: 'post' };
}

export function wordNotification(facts: NotificationFacts): NotificationWording {
  const who = actorPhrase(facts.actorName, facts.othersCount);
  const group = facts.groupName ?? 'a group';
  const subject = subjectOf(facts);
  switch (facts.kind) {
    case 'comment':
      return {
        text: withTitle(`${who} commented on your ${subject.noun}`, subject.title),
        path: subject.path,
      };
    case 'reply':
      return { text: withTitle(`${who} replied to your comment on`, subject.title), path: subject.path };
    case 'mention':
      return {
        text: withTitle(`${who} mentioned you ${facts.inComment ? 'in a comment on' : 'in'}`, subject.title),
        path: subject.path,
      };
    case 'post_like':
      return { text: withTitle(`${who} liked your post`, facts.postTitle), path: subject.path };
    case 'link_like':
      return { text: withTitle(`${who} liked your link`, facts.linkTitle), path: subject.path };
    case 'reaction':
      return facts.inComment
        ? { text: withTitle(`${who} reacted to your comment on`, facts.postTitle), path: subject.path }
        : { text: withTitle(`${who} reacted to your post`, facts.postTitle), path: subject.path };
    case 'follow':
      return {
        text: `${who} started following you`,
        path: facts.actorId ? profilePath(facts.actorId) : '/friends',
      };
    case 'join_request':
      return { text: `${who} asked to join ${group}`, path: GROUP_REQUESTS_PATH };
    case 'request_answered':
      return wasAccepted(facts.data)
        ? {
            text: `Your request to join ${group} was accepted`,
            path: facts.groupId ? groupPath(facts.groupId) : GROUPS_PATH,
          }
        : { text: `Your request to join ${group} was declined`, path: GROUPS_PATH };
    case 'role_changed': {
      const role = stringField(facts.data, 'role');
      return {
        text: role ? `You are now ${role} in ${group}` : `Your role in ${group} changed`,
        path: facts.groupId ? groupPath(facts.groupId) : GROUPS_PATH,
      };
    }
    case 'group_removed':
      return { text: `You were removed from ${group}`, path: GROUPS_PATH };
    case 'invitation_redeemed':
      return {
        text: `${who} accepted your invitation and joined`,
        path: facts.actorId ? profilePath(facts.actorId) : '/invitations',
      };
    case 'group_invitation': {
      const role = stringField(facts.data, 'role');
      return {
        text: `${who} invited you to join ${group}${role ? ` as ${role}` : ''}`,
        path: INBOX_PATH,
      };
    }
    case 'link_ready':
      return { text: withTitle('Your link', facts.linkTitle) + ' is ready', path: subject.path };
    case 'link_failed':
      return { text: withTitle('Your link', facts.linkTitle) + ' could not be read', path: subject.path };
    case 'content_removed': {
      const what = facts.data.subject === 'comment' ? 'comment' : 'post';
      const excerpt = quoteTitle(stringField(facts.data, 'excerpt'));
      const reason = stringField(facts.data, 'reason');
      const where = facts.groupName ? ` from ${facts.groupName}` : '';
      const text = `A moderator removed your ${what}${excerpt ? ` ${excerpt}` : ''}${where}`;
      return {
        text: reason ? `${text}: ${reason}` : text,
        path: facts.groupId ? groupPath(facts.groupId) : TIMELINE_PATH,
      };
    }
    case 'event_changed': {
      const path = facts.eventId ? eventPath(facts.eventId) : UPCOMING_PATH;
      const event = withTitle('event', stringField(facts.data, 'title'));
      if (facts.data.cancelled === true) return { text: `${who} cancelled the ${event}`, path };
      const changes = changesPhrase(facts.data);
      return { text: `${who} changed ${changes ? `${changes} of ` : ''}the ${event}`, path };
    }
    case 'event_promoted':
      return {
        text: withTitle('A place opened up: you are now going to', stringField(facts.data, 'title')),
        path: facts.eventId ? eventPath(facts.eventId) : UPCOMING_PATH,
      };
    case 'group_post':
      // Several unread posts read as one line leading to the group; one (or a line read) names it.
      return facts.unreadRows > 1
        ? {
            text: `${facts.unreadRows} new posts in ${group}`,
            path: facts.groupId ? groupPath(facts.groupId) : GROUPS_PATH,
          }
        : {
            text: withTitle(`${facts.actorName ?? 'Someone'} posted in ${group}:`, facts.postTitle),
            path: subject.path,
          };
  }
}
