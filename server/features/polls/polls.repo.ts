import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { NewPoll } from '../../../shared/api/polls';
import type { DbOrTx } from '../../db/client';
import { postPollOptions, postPolls, postPollVoters, postPollVotes, users } from '../../db/schema';
import { notBlockedCondition } from '../../policies/visibility';

/** A poll with its options, the counts and the viewer's own part, as `pollsOfPosts` reads it. */
export interface PollRow {
  postId: string;
  multiple: boolean;
  results: NewPoll['results'];
  anonymous: boolean;
  closesAt: Date | null;
  votersCount: number;
  voted: boolean;
  options: { id: string; label: string; votes: number; mine: boolean }[];
}

/** Writes a new post's poll and its options, in the post's transaction. */
export async function insertPoll(tx: DbOrTx, postId: string, poll: NewPoll, closesAt: Date | null) {
  await tx.insert(postPolls).values({
    postId,
    multiple: poll.multiple,
    results: poll.results,
    anonymous: poll.anonymous,
    closesAt,
  });
  await tx
    .insert(postPollOptions)
    .values(poll.options.map((label, position) => ({ postId, position, label })));
}

/**
 * The polls of these posts, by post id, with every option's count and which are the viewer's (a
 * post without a poll is absent). Four indexed reads whatever the number of posts; who may see
 * the counts is the presenter's to decide.
 */
export async function pollsOfPosts(
  db: DbOrTx,
  viewerId: string,
  postIds: string[],
): Promise<Map<string, PollRow>> {
  if (postIds.length === 0) return new Map();
  const polls = await db.select().from(postPolls).where(inArray(postPolls.postId, postIds));
  if (polls.length === 0) return new Map();
  const ids = polls.map((poll) => poll.postId);
  const [options, counts, voters, mine] = await Promise.all([
    db
      .select()
      .from(postPollOptions)
      .where(inArray(postPollOptions.postId, ids))
      .orderBy(asc(postPollOptions.postId), asc(postPollOptions.position)),
    db
      .select({ optionId: postPollVotes.optionId, votes: sql<number>`count(*)::int` })
      .from(postPollVotes)
      .where(inArray(postPollVotes.postId, ids))
      .groupBy(postPollVotes.optionId),
    db
      .select({
        postId: postPollVoters.postId,
        count: sql<number>`count(*)::int`,
        voted: sql<boolean>`bool_or(${postPollVoters.userId} = ${viewerId})`.mapWith(Boolean),
      })
      .from(postPollVoters)
      .where(inArray(postPollVoters.postId, ids))
      .groupBy(postPollVoters.postId),
    // Only an open poll's votes carry their voter: an anonymous poll's never match.
    db
      .select({ optionId: postPollVotes.optionId })
      .from(postPollVotes)
      .where(and(inArray(postPollVotes.postId, ids), eq(postPollVotes.userId, viewerId))),
  ]);
  const votesOf = new Map(counts.map((row) => [row.optionId, row.votes]));
  const votersOf = new Map(voters.map((row) => [row.postId, row]));
  const mineSet = new Set(mine.map((row) => row.optionId));
  return new Map(
    polls.map((poll) => [
      poll.postId,
      {
        postId: poll.postId,
        multiple: poll.multiple,
        results: poll.results,
        anonymous: poll.anonymous,
        closesAt: poll.closesAt,
        votersCount: votersOf.get(poll.postId)?.count ?? 0,
        voted: votersOf.get(poll.postId)?.voted ?? false,
        options: options
          .filter((option) => option.postId === poll.postId)
          .map((option) => ({
            id: option.id,
            label: option.label,
            votes: votesOf.get(option.id) ?? 0,
            mine: mineSet.has(option.id),
          })),
      },
    ]),
  );
}

/**
 * The poll's row, locked for this transaction (`select … for update`): votes on one poll are
 * decided one after another, so a member's two quick votes never both count.
 */
export async function lockPoll(tx: DbOrTx, postId: string) {
  const [row] = await tx.select().from(postPolls).where(eq(postPolls.postId, postId)).for('update');
  return row ?? null;
}

export async function pollOptionIds(tx: DbOrTx, postId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ id: postPollOptions.id })
    .from(postPollOptions)
    .where(eq(postPollOptions.postId, postId));
  return new Set(rows.map((row) => row.id));
}

/** Records that the member voted; false when they already had. */
export async function insertVoter(tx: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const inserted = await tx
    .insert(postPollVoters)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ userId: postPollVoters.userId });
  return inserted.length > 0;
}

/** The chosen options; `userId` null in an anonymous poll, whose votes name nobody. */
export async function insertVotes(tx: DbOrTx, postId: string, optionIds: string[], userId: string | null) {
  await tx.insert(postPollVotes).values(optionIds.map((optionId) => ({ postId, optionId, userId })));
}

/** Takes back a member's vote in an open (not anonymous) poll: their choices and their voter row. */
export async function deleteVote(tx: DbOrTx, postId: string, userId: string) {
  await tx
    .delete(postPollVotes)
    .where(and(eq(postPollVotes.postId, postId), eq(postPollVotes.userId, userId)));
  await tx
    .delete(postPollVoters)
    .where(and(eq(postPollVoters.postId, postId), eq(postPollVoters.userId, userId)));
}

/**
 * Who chose each option of an open poll, without members a block separates from the viewer; for
 * an anonymous poll nothing (its votes carry no voter). Ordered by username.
 */
export async function pollVoters(db: DbOrTx, postId: string, viewerId: string) {
  return db
    .select({
      optionId: postPollVotes.optionId,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(postPollVotes)
    .innerJoin(users, eq(users.id, postPollVotes.userId))
    .where(
      and(
        eq(postPollVotes.postId, postId),
        isNotNull(postPollVotes.userId),
        notBlockedCondition(viewerId, users.id),
      ),
    )
    .orderBy(asc(users.username));
}
