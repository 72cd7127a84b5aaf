import { inArray, or } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { notifications, userBlocks } from '../../db/schema';
import { mutedPairs } from '../group-notifications/group-notifications.repo';
import {
  membersToldOfMessage,
  membersWhoMaySeeEvent,
  membersWhoMaySeeLink,
  membersWhoMaySeePost,
} from '../events/live-audience';
import { publishLiveEvent } from '../events/live-events';
import { queueForPush } from '../push/push.repo';

/**
 * What a feature hands to `notify`: who is told, who did it, and what it is about. A notification
 * about a post or a comment on it names `postId`; one about a link or its comments names `linkId`;
 * those decide who may be told.
 */
export interface NotificationDraft {
  recipientId: string;
  /** The member whose action it was; null for the system (a link summarised or failed). */
  actorId: string | null;
  kind: NotificationKind;
  postId?: string | null;
  commentId?: string | null;
  linkId?: string | null;
  linkCommentId?: string | null;
  groupId?: string | null;
  /** An event's news (ADR 057): told only to those who may see the event. */
  eventId?: string | null;
  /** A private message (ADR 060): told only to participants isToldOfMessages lets hear of it. */
  messageId?: string | null;
  /** Rows shown as one line in the inbox share a key, e.g. `post_like:{postId}`. */
  groupKey?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Records notifications, sends each to its recipient's open tabs, and queues it for their devices'
 * Web Push (ADR 052: the worker sends it, if the member wants the kind pushed and is not in quiet hours). Call it with the transaction
 * that made the change, so a notification exists exactly when its cause does. Drafts are dropped,
 * never an error, when telling the recipient would be wrong:
 * - nobody is notified about their own action;
 * - nobody is notified by or about a member they blocked or who blocked them;
 * - nobody is notified about a post or link they may not see (the visibility policy decides);
 * - nobody is told of a message they may not read, in a conversation they muted, left or have not
 *   accepted (ADR 060);
 * - nobody is told of a mention, or a new post, in a group they set to `nothing` (ADR 045).
 * Returns the drafts that were recorded.
 */
export async function notify(
  db: DbOrTx,
  drafts: NotificationDraft | NotificationDraft[],
): Promise<NotificationDraft[]> {
  const list = (Array.isArray(drafts) ? drafts : [drafts]).filter(
    (draft) => draft.actorId === null || draft.actorId !== draft.recipientId,
  );
  if (list.length === 0) return [];
  const blocked = await blockedPairs(db, list);
  const allowed = await mayBeTold(db, list);
  const muted = await mutedByGroup(db, list);
  const kept = list.filter(
    (draft, index) =>
      allowed[index] &&
      !muted[index] &&
      !(draft.actorId && blocked.has(pairKey(draft.actorId, draft.recipientId))),
  );
  if (kept.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      kept.map((draft) => ({
        recipientId: draft.recipientId,
        actorId: draft.actorId,
        kind: draft.kind,
        postId: draft.postId ?? null,
        commentId: draft.commentId ?? null,
        linkId: draft.linkId ?? null,
        linkCommentId: draft.linkCommentId ?? null,
        groupId: draft.groupId ?? null,
        eventId: draft.eventId ?? null,
        messageId: draft.messageId ?? null,
        groupKey: draft.groupKey ?? null,
        data: draft.data ?? {},
      })),
    )
    .returning({ id: notifications.id, recipientId: notifications.recipientId });
  for (const row of rows) {
    await publishLiveEvent(
      db,
      { userIds: [row.recipientId] },
      { type: 'notification.created', notificationId: row.id },
    );
  }
  await queueForPush(
    db,
    rows.map((row) => row.id),
  );
  return kept;
}

/** Kinds a member silences with a group's `nothing` level: what the group says, not what is done to them. */
const GROUP_SILENCED: ReadonlySet<NotificationKind> = new Set(['mention', 'group_post']);

/** For each draft, whether its recipient set the group of the post it is about to `nothing`. */
async function mutedByGroup(db: DbOrTx, drafts: NotificationDraft[]): Promise<boolean[]> {
  const silenceable = drafts.filter((draft) => draft.postId && GROUP_SILENCED.has(draft.kind));
  if (silenceable.length === 0) return drafts.map(() => false);
  const muted = await mutedPairs(
    db,
    [...new Set(silenceable.map((draft) => draft.postId!))],
    [...new Set(silenceable.map((draft) => draft.recipientId))],
  );
  return drafts.map(
    (draft) =>
      Boolean(draft.postId) &&
      GROUP_SILENCED.has(draft.kind) &&
      muted.has(`${draft.postId}:${draft.recipientId}`),
  );
}

/** An unordered pair: a block either way silences both directions. */
function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

async function blockedPairs(db: DbOrTx, drafts: NotificationDraft[]): Promise<Set<string>> {
  const actors = [...new Set(drafts.flatMap((draft) => (draft.actorId ? [draft.actorId] : [])))];
  if (actors.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(inArray(userBlocks.blockerId, actors), inArray(userBlocks.blockedId, actors)));
  return new Set(rows.map((row) => pairKey(row.blockerId, row.blockedId)));
}

/** For each draft, whether its recipient may see what it is about (a few queries per subject). */
async function mayBeTold(db: DbOrTx, drafts: NotificationDraft[]): Promise<boolean[]> {
  const bySubject = new Map<string, string[]>();
  for (const draft of drafts) {
    const subject = subjectKey(draft);
    if (!subject) continue;
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), draft.recipientId]);
  }
  const seers = new Map<string, Set<string>>();
  for (const [subject, recipients] of bySubject) {
    const [type, id] = subject.split(':') as ['post' | 'link' | 'event' | 'message', string];
    const unique = [...new Set(recipients)];
    const audience = {
      post: membersWhoMaySeePost,
      link: membersWhoMaySeeLink,
      event: membersWhoMaySeeEvent,
      message: membersToldOfMessage,
    };
    seers.set(subject, await audience[type](db, id, unique));
  }
  return drafts.map((draft) => {
    const subject = subjectKey(draft);
    return subject === null || (seers.get(subject)?.has(draft.recipientId) ?? false);
  });
}

function subjectKey(draft: NotificationDraft): string | null {
  if (draft.postId) return `post:${draft.postId}`;
  if (draft.linkId) return `link:${draft.linkId}`;
  if (draft.eventId) return `event:${draft.eventId}`;
  if (draft.messageId) return `message:${draft.messageId}`;
  return null;
}
