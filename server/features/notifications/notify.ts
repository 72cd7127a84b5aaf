import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/domain/constants';
import { type DbOrTx, rowsOf } from '../../db/client';
import { posts } from '../../db/schema';
import {
  notBlockedCondition,
  toldOfMessagesCondition,
  visibleEventsCondition,
  visibleLinksCondition,
  visiblePostsCondition,
} from '../../policies/visibility';
import { silencedInPostsGroupCondition } from '../group-notifications/group-notifications.repo';
import { LIVE_EVENTS_CHANNEL, liveMessage } from '../events/live-events';
import { PUSH_QUEUED_CHANNEL } from '../push/push.repo';

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
  /** A private message (ADR 060): told only to participants toldOfMessagesCondition lets hear of it. */
  messageId?: string | null;
  /** Rows shown as one line in the inbox share a key, e.g. `post_like:{postId}`. */
  groupKey?: string | null;
  data?: Record<string, unknown>;
}

export interface NotifyOptions {
  /**
   * Tell each recipient once per actor and key: a draft whose actor already has a notification
   * with its recipient and `groupKey` (a like undone and redone, one already read) is dropped.
   */
  once?: boolean;
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
 *
 * One statement does it all (issue 26, ADR 061: a like's notification took six): the checks, the
 * rows, their live events and the push queue, so whatever calls it pays one trip to the database.
 */
export async function notify(
  db: DbOrTx,
  drafts: NotificationDraft | NotificationDraft[],
  { once = false }: NotifyOptions = {},
): Promise<NotificationDraft[]> {
  const list = (Array.isArray(drafts) ? drafts : [drafts]).filter(
    (draft) => draft.actorId === null || draft.actorId !== draft.recipientId,
  );
  if (list.length === 0) return [];
  const rows = rowsOf<{ draft: number }>(await db.execute(recordStatement(list, once)));
  return rows.map((row) => list[row.draft]!);
}

/** Kinds a member silences with a group's `nothing` level: what the group says, not what is done to them. */
const GROUP_SILENCED: readonly NotificationKind[] = ['mention', 'group_post'];

/** The live event of a new notification, sent with the recipient and the row's id written in. */
const CREATED = liveMessage({ userIds: [] }, { type: 'notification.created', notificationId: '' });

/**
 * The drafts, numbered, go in as one JSON parameter (one statement text whatever their number);
 * `told` keeps those the rules let through and gives each its id, so the row, its live event and
 * its place in the push queue name the same notification. The statement answers the numbers of
 * the drafts recorded. The push worker is woken (`PUSH_QUEUED_CHANNEL`) once, when a recipient has
 * a device; as every notification sent in a transaction, both arrive only if it commits.
 */
function recordStatement(drafts: NotificationDraft[], once: boolean): SQL {
  const json = JSON.stringify(
    drafts.map((draft, index) => ({
      draft: index,
      recipient_id: draft.recipientId,
      actor_id: draft.actorId,
      kind: draft.kind,
      post_id: draft.postId ?? null,
      comment_id: draft.commentId ?? null,
      link_id: draft.linkId ?? null,
      link_comment_id: draft.linkCommentId ?? null,
      group_id: draft.groupId ?? null,
      event_id: draft.eventId ?? null,
      message_id: draft.messageId ?? null,
      group_key: draft.groupKey ?? null,
      data: draft.data ?? {},
    })),
  );
  return sql`
    with told as materialized (
      select gen_random_uuid() as id, draft.*
      from jsonb_to_recordset(${json}::jsonb) as draft(
        draft int, recipient_id uuid, actor_id uuid, kind text, post_id uuid, comment_id uuid,
        link_id uuid, link_comment_id uuid, group_id uuid, event_id uuid, message_id uuid,
        group_key text, data jsonb)
      where ${mayBeTold(once)}
    ),
    inserted as (
      insert into notifications (id, recipient_id, actor_id, kind, post_id, comment_id, link_id,
        link_comment_id, group_id, event_id, message_id, group_key, data)
      select id, recipient_id, actor_id, kind, post_id, comment_id, link_id, link_comment_id,
        group_id, event_id, message_id, group_key, data
      from told
    ),
    queued as (
      insert into push_outbox (notification_id)
      select told.id from told
      where exists (select 1 from push_subscriptions s where s.user_id = told.recipient_id)
      returning notification_id
    )
    select told.draft,
      pg_notify(${LIVE_EVENTS_CHANNEL}, jsonb_set(jsonb_set(${JSON.stringify(CREATED)}::jsonb,
        '{audience,userIds}', jsonb_build_array(told.recipient_id)),
        '{event,notificationId}', to_jsonb(told.id))::text),
      (select pg_notify(${PUSH_QUEUED_CHANNEL}, '') where exists (select 1 from queued))
    from told
    order by told.draft`;
}

/**
 * SQL condition on a draft (`draft.…`): its recipient may be told. The subject's rule is the
 * visibility policy's SQL form, the one the timelines, links, events and inbox ask: a post the
 * recipient sees (its group, no block with its author), a link (`visibleLinksCondition`), an event
 * (`visibleEventsCondition`), a message they are told of (`toldOfMessagesCondition`); a draft about
 * none of them (a role, a removal) has no subject to see. No block either way with the actor, and
 * for a mention or a new post, the post's group not set to `nothing`.
 */
function mayBeTold(once: boolean): SQL {
  const recipient = sql.raw('draft.recipient_id');
  const silenced = sql.join(
    GROUP_SILENCED.map((kind) => sql`${kind}`),
    sql`, `,
  );
  return sql`(draft.actor_id is null or ${notBlockedCondition(recipient, sql.raw('draft.actor_id'))})
    and case
      when draft.post_id is not null then exists (
        select 1 from posts where ${posts.id} = draft.post_id
          and ${visiblePostsCondition(recipient)}
          and ${notBlockedCondition(recipient, sql.raw('posts.user_id'))}
          and not (draft.kind in (${silenced}) and ${silencedInPostsGroupCondition(recipient)}))
      when draft.link_id is not null then exists (
        select 1 from links where links.id = draft.link_id and ${visibleLinksCondition(recipient)})
      when draft.event_id is not null then exists (
        select 1 from group_events
        where group_events.id = draft.event_id and ${visibleEventsCondition(recipient)})
      when draft.message_id is not null then exists (
        select 1 from messages
        where messages.id = draft.message_id and ${toldOfMessagesCondition(recipient)})
      else true
    end
    ${once ? sql`and not exists (select 1 from notifications known where known.recipient_id = draft.recipient_id and known.actor_id = draft.actor_id and known.group_key = draft.group_key)` : sql``}`;
}
