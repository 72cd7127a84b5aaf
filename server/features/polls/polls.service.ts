import type { Poll, PollVoters } from '../../../shared/api/polls';
import { POLL_MESSAGES, pollClosed, pollResultsVisible } from '../../../shared/domain/polls';
import type { DbOrTx } from '../../db/client';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { publishLiveEvent } from '../events/live-events';
import { loadVisiblePost } from '../posts/posts.service';
import { displayName } from '../profiles/people';
import { presentPoll } from './polls.presenter';
import {
  deleteVote,
  insertVoter,
  insertVotes,
  lockPoll,
  pollOptionIds,
  pollsOfPosts,
  pollVoters,
} from './polls.repo';

/**
 * Polls on posts (issue 30 part 3, ADR 058). Every call first loads the post through the one
 * visibility rule (`loadVisiblePost`): whoever may not see the post gets its 404, and a post
 * without a poll is a 404 too.
 */

/** The post's poll as the viewer sees it; 404 when they may not see the post or it has none. */
export async function loadPoll(db: DbOrTx, postId: string, viewerId: string): Promise<Poll> {
  await loadVisiblePost(db, postId, viewerId);
  const row = (await pollsOfPosts(db, viewerId, [postId])).get(postId);
  if (!row) throw notFound();
  return presentPoll(row);
}

/**
 * The viewer votes, or changes their vote (it replaces the last): one option in a single-choice
 * poll, any of them in a multiple-choice one. Decided under the poll's row lock, so two quick votes
 * of one member never both count. In an anonymous poll the options are stored without the voter and
 * a row says only that they voted, which refuses a second vote: it can be neither changed nor taken
 * back, since nothing links it to them.
 */
export async function vote(db: DbOrTx, postId: string, viewerId: string, optionIds: string[]): Promise<Poll> {
  await loadVisiblePost(db, postId, viewerId);
  await db.transaction(async (tx) => {
    const poll = await lockPoll(tx, postId);
    if (!poll) throw notFound();
    if (pollClosed(poll.closesAt)) throw invalidField('vote', POLL_MESSAGES.closed);
    if (!poll.multiple && optionIds.length !== 1) throw invalidField('option_ids', POLL_MESSAGES.single);
    const known = await pollOptionIds(tx, postId);
    if (optionIds.some((id) => !known.has(id))) throw invalidField('option_ids', POLL_MESSAGES.notAnOption);
    if (poll.anonymous) {
      if (!(await insertVoter(tx, postId, viewerId)))
        throw invalidField('vote', POLL_MESSAGES.anonymousFinal);
      await insertVotes(tx, postId, optionIds, null);
    } else {
      await deleteVote(tx, postId, viewerId);
      await insertVoter(tx, postId, viewerId);
      await insertVotes(tx, postId, optionIds, viewerId);
    }
    await publishPollChanged(tx, postId);
  });
  return loadPoll(db, postId, viewerId);
}

/** The viewer takes their vote back, while the poll is open; an anonymous vote cannot be. */
export async function retractVote(db: DbOrTx, postId: string, viewerId: string): Promise<Poll> {
  await loadVisiblePost(db, postId, viewerId);
  await db.transaction(async (tx) => {
    const poll = await lockPoll(tx, postId);
    if (!poll) throw notFound();
    if (pollClosed(poll.closesAt)) throw invalidField('vote', POLL_MESSAGES.closed);
    if (poll.anonymous) throw invalidField('vote', POLL_MESSAGES.anonymousFinal);
    await deleteVote(tx, postId, viewerId);
    await publishPollChanged(tx, postId);
  });
  return loadPoll(db, postId, viewerId);
}

/**
 * Who chose each option, for a poll that is not anonymous and whose results show to the viewer (the
 * names would otherwise give the counts away). An anonymous poll answers 403 to everyone, admins
 * included: its votes carry no voter to list.
 */
export async function listVoters(db: DbOrTx, postId: string, viewerId: string): Promise<PollVoters> {
  await loadVisiblePost(db, postId, viewerId);
  const poll = (await pollsOfPosts(db, viewerId, [postId])).get(postId);
  if (!poll) throw notFound();
  if (poll.anonymous) throw forbidden(POLL_MESSAGES.anonymous);
  if (!pollResultsVisible(poll.results, pollClosed(poll.closesAt), poll.voted))
    throw forbidden(POLL_MESSAGES.hidden);
  const rows = await pollVoters(db, postId, viewerId);
  return poll.options.map((option) => ({
    option_id: option.id,
    voters: rows
      .filter((row) => row.optionId === option.id)
      .map((row) => ({ profile_id: row.userId, username: row.username, name: displayName(row) })),
  }));
}

/**
 * Tells the post's audience that its poll's votes moved: a hint with no counts and no voter, so
 * each open card loads the poll as its own viewer may see it (GET /api/posts/{id}/poll).
 */
function publishPollChanged(tx: DbOrTx, postId: string) {
  return publishLiveEvent(tx, { allMembers: true }, { type: 'poll.updated', postId });
}
