import type { NewPoll } from '../../../shared/api/polls';
import type { DbOrTx } from '../../db/client';
import { invalidField } from '../../http/errors';
import { insertPoll } from './polls.repo';

/**
 * A new post's poll, in the post's transaction. Its closing time must lie ahead: a poll born closed
 * could never be answered.
 */
export async function createPoll(tx: DbOrTx, postId: string, poll: NewPoll, now: Date = new Date()) {
  const closesAt = poll.closes_at ? new Date(poll.closes_at) : null;
  if (closesAt && closesAt.getTime() <= now.getTime())
    throw invalidField('closes_at', 'must be in the future');
  await insertPoll(tx, postId, poll, closesAt);
}
