import { z } from 'zod';
import { defaultNotificationLevel } from '../../../shared/domain/group-notifications';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { defineJob } from '../../jobs/queue';
import { notify } from '../notifications/notify';
import { findPostForFanOut, listAllLevelMembers } from './group-notifications.repo';

export const GROUP_POST_NOTIFY_JOB = 'groups.post_notify';

/** Members told per transaction: a big group's inbox rows and live events go out in slices. */
const SLICE = 500;

const PayloadSchema = z.object({ postId: z.uuid() });

type FanOutContext = Pick<AppContext, 'db' | 'jobs'>;

/** Every new post in one group folds into one inbox line per member ("3 new posts in …"). */
export const groupPostGroupKey = (groupId: string) => `group_post:${groupId}`;

/**
 * Tells a group's members of a new post (ADR 045): those whose level is `all`, their own choice or
 * the default for the group's size now. Each slice is one transaction through `notify`, which
 * drops the author, anyone blocked with them either way, and anyone who may not see the post (the
 * one visibility policy). Idempotent: a member already told about the post is passed over, so a
 * run again after a crash finishes the slices that were left. A post deleted meanwhile tells no one.
 */
export async function notifyGroupOfPost(db: FanOutContext['db'], postId: string): Promise<number> {
  const post = await findPostForFanOut(db, postId);
  if (!post?.groupId) return 0;
  const { groupId, authorId } = post;
  const fallback = defaultNotificationLevel(post.membersCount);
  let told = 0;
  let after: string | null = null;
  for (;;) {
    const recipients = await listAllLevelMembers(db, {
      groupId,
      postId,
      authorId,
      fallback,
      afterUserId: after,
      limit: SLICE,
    });
    if (recipients.length === 0) return told;
    const kept = await db.transaction((tx) =>
      notify(
        tx,
        recipients.map((recipientId) => ({
          recipientId,
          actorId: authorId,
          kind: 'group_post' as const,
          postId,
          groupId,
          groupKey: groupPostGroupKey(groupId),
        })),
      ),
    );
    told += kept.length;
    if (recipients.length < SLICE) return told;
    after = recipients[recipients.length - 1]!;
  }
}

export function groupPostNotifyJob(context: Pick<AppContext, 'db'>) {
  return defineJob({
    name: GROUP_POST_NOTIFY_JOB,
    schema: PayloadSchema,
    retryLimit: 5,
    retryDelaySeconds: 10,
    deleteAfterSeconds: 60 * 60,
    async handle({ postId }) {
      await notifyGroupOfPost(context.db, postId);
    },
  });
}

/** Queues the fan-out of a new group post; pass the transaction that wrote it. */
export async function enqueueGroupPostNotifications(context: FanOutContext, postId: string, tx: DbOrTx) {
  await context.jobs.enqueue(groupPostNotifyJob(context), { postId }, { tx, key: postId });
}
