import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { REACTION_EMOJI, REACTORS_SHOWN, type ReactionEmoji } from '../../../shared/domain/reactions';
import type { ReactionSummary } from '../../../shared/api/reactions';
import type { DbOrTx } from '../../db/client';
import { commentReactions, comments, postReactions, posts, users } from '../../db/schema';
import { notBlockedCondition } from '../../policies/visibility';

/** What a reaction is given to: a post, or a comment (whose post is kept beside it, ADR 044). */
export type ReactionSubject =
  { kind: 'post'; postId: string } | { kind: 'comment'; postId: string; commentId: string };

/** The fixed order every answer lists emoji in (REACTION_EMOJI), as SQL. Constants only. */
const EMOJI_ORDER = sql.raw(`array[${REACTION_EMOJI.map((emoji) => `'${emoji}'`).join(', ')}]::text[]`);

/**
 * SQL: the reactions on one post or comment, as the viewer sees them: per emoji given, its count and
 * whether the viewer gave it, in REACTION_EMOJI order, as a JSON array (`[]` when none). Members
 * blocked either way with the viewer are not counted, as they are not listed. `subject` is the outer
 * query's id column, written qualified (`sql.raw('posts.id')`) so the subquery never binds it to
 * its own table.
 */
export function reactionSummarySql(
  table: 'post_reactions' | 'comment_reactions',
  subject: SQL,
  viewerId: string,
): SQL<ReactionSummary[]> {
  const tableName = sql.raw(table);
  const key = sql.raw(table === 'post_reactions' ? 'rx.post_id' : 'rx.comment_id');
  return sql<ReactionSummary[]>`coalesce((
    select json_agg(json_build_object('emoji', r.emoji, 'count', r.n, 'reacted', r.mine)
                    order by array_position(${EMOJI_ORDER}, r.emoji))
    from (
      select rx.emoji, count(*)::int as n, bool_or(rx.user_id = ${viewerId}) as mine
      from ${tableName} rx
      where ${key} = ${subject} and ${notBlockedCondition(viewerId, sql.raw('rx.user_id'))}
      group by rx.emoji
    ) r), '[]'::json)`.mapWith(parseSummaries);
}

/** The driver hands JSON back parsed on both engines; a string (some drivers' choice) is parsed here. */
function parseSummaries(value: unknown): ReactionSummary[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as ReactionSummary[]) : [];
}

/**
 * Idempotent: the primary key (subject, member, emoji) keeps one reaction however many requests
 * race. Answers whether this call added it. The row names its post first, so the write is told
 * apart by post (ADR 042).
 */
export async function insertReaction(
  db: DbOrTx,
  subject: ReactionSubject,
  userId: string,
  emoji: ReactionEmoji,
): Promise<boolean> {
  const added =
    subject.kind === 'post'
      ? await db
          .insert(postReactions)
          .values({ postId: subject.postId, userId, emoji })
          .onConflictDoNothing()
          .returning({ postId: postReactions.postId })
      : await db
          .insert(commentReactions)
          .values({ postId: subject.postId, commentId: subject.commentId, userId, emoji })
          .onConflictDoNothing()
          .returning({ postId: commentReactions.postId });
  return added.length > 0;
}

/** Answers whether there was a reaction to remove. The post's condition comes first (ADR 042). */
export async function deleteReaction(
  db: DbOrTx,
  subject: ReactionSubject,
  userId: string,
  emoji: ReactionEmoji,
): Promise<boolean> {
  const removed =
    subject.kind === 'post'
      ? await db
          .delete(postReactions)
          .where(
            and(
              eq(postReactions.postId, subject.postId),
              eq(postReactions.userId, userId),
              eq(postReactions.emoji, emoji),
            ),
          )
          .returning({ postId: postReactions.postId })
      : await db
          .delete(commentReactions)
          .where(
            and(
              eq(commentReactions.postId, subject.postId),
              eq(commentReactions.commentId, subject.commentId),
              eq(commentReactions.userId, userId),
              eq(commentReactions.emoji, emoji),
            ),
          )
          .returning({ postId: commentReactions.postId });
  return removed.length > 0;
}

/** Whether the member still has any reaction on the subject (their notification stays while they do). */
export async function hasAnyReaction(db: DbOrTx, subject: ReactionSubject, userId: string): Promise<boolean> {
  const [row] =
    subject.kind === 'post'
      ? await db
          .select({ one: sql<number>`1` })
          .from(postReactions)
          .where(and(eq(postReactions.postId, subject.postId), eq(postReactions.userId, userId)))
          .limit(1)
      : await db
          .select({ one: sql<number>`1` })
          .from(commentReactions)
          .where(
            and(
              eq(commentReactions.postId, subject.postId),
              eq(commentReactions.commentId, subject.commentId),
              eq(commentReactions.userId, userId),
            ),
          )
          .limit(1);
  return row !== undefined;
}

/** The subject's reactions as the viewer sees them (`reactionSummarySql`). */
export async function summarizeReactions(
  db: DbOrTx,
  subject: ReactionSubject,
  viewerId: string,
): Promise<ReactionSummary[]> {
  const [row] =
    subject.kind === 'post'
      ? await db
          .select({ reactions: reactionSummarySql('post_reactions', sql.raw('posts.id'), viewerId) })
          .from(posts)
          .where(eq(posts.id, subject.postId))
      : await db
          .select({ reactions: reactionSummarySql('comment_reactions', sql.raw('comments.id'), viewerId) })
          .from(comments)
          .where(eq(comments.id, subject.commentId));
  return row?.reactions ?? [];
}

/**
 * Who gave each emoji on the subject: per emoji, the most recent REACTORS_SHOWN members the viewer
 * is not blocked with (either way), newest first. One query: a window numbers each emoji's rows.
 */
export async function listReactors(db: DbOrTx, subject: ReactionSubject, viewerId: string) {
  const table = subject.kind === 'post' ? postReactions : commentReactions;
  const where =
    subject.kind === 'post'
      ? eq(postReactions.postId, subject.postId)
      : and(eq(commentReactions.postId, subject.postId), eq(commentReactions.commentId, subject.commentId));
  const ranked = db
    .select({
      emoji: table.emoji,
      userId: table.userId,
      createdAt: table.createdAt,
      rank: sql<number>`row_number() over (partition by ${table.emoji} order by ${table.createdAt} desc, ${table.userId})`.as(
        'rank',
      ),
    })
    .from(table)
    .where(and(where, notBlockedCondition(viewerId, table.userId)))
    .as('ranked');
  return db
    .select({
      emoji: ranked.emoji,
      userId: ranked.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .where(sql`${ranked.rank} <= ${REACTORS_SHOWN}`)
    .orderBy(desc(ranked.createdAt));
}
