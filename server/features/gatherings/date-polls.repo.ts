import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DatePollAnswer } from '../../../shared/domain/gatherings';
import type { DbOrTx } from '../../db/client';
import { datePollAnswers, datePollCandidates, datePolls, groups, users } from '../../db/schema';
import { notBlockedCondition } from '../../policies/visibility';
import { gatheringViewerFields } from './gatherings.repo';

/**
 * The columns of a date poll with what the viewer needs: the organiser, the group, its card, how
 * many answered, and the facts the event rule reads (gatheringViewerFields, as an event's). Outer
 * columns are written `date_polls.…` literally so no subquery binds them to its own table.
 */
function datePollFields(viewerId: string) {
  return {
    id: datePolls.id,
    groupId: datePolls.groupId,
    organizerId: datePolls.organizerId,
    title: datePolls.title,
    description: datePolls.description,
    timeZone: datePolls.timeZone,
    place: datePolls.place,
    mapUrl: datePolls.mapUrl,
    capacity: datePolls.capacity,
    eventId: datePolls.eventId,
    scheduledAt: datePolls.scheduledAt,
    createdAt: datePolls.createdAt,
    postId: sql<string | null>`(select p.id from posts p where p.date_poll_id = date_polls.id)`,
    respondentsCount: sql<number>`(select count(distinct a.user_id)::int from date_poll_answers a
      where a.poll_id = date_polls.id)`.mapWith(Number),
    ...gatheringViewerFields(viewerId, 'date_polls'),
  };
}

function selectDatePolls(db: DbOrTx, viewerId: string) {
  return db
    .select(datePollFields(viewerId))
    .from(datePolls)
    .innerJoin(users, eq(users.id, datePolls.organizerId))
    .leftJoin(groups, eq(groups.id, datePolls.groupId))
    .$dynamic();
}

export type DatePollRow = NonNullable<Awaited<ReturnType<typeof findDatePollForViewer>>>;

/** One date poll with the viewer's facts, whether or not the viewer may see it (the caller decides). */
export async function findDatePollForViewer(db: DbOrTx, pollId: string, viewerId: string) {
  const [row] = await selectDatePolls(db, viewerId).where(eq(datePolls.id, pollId)).limit(1);
  return row ?? null;
}

/**
 * A group's polls not yet scheduled, newest first, without those of an organiser a block separates
 * from the viewer. The caller has checked that the viewer is a member (the event rule for a group).
 */
export async function listOpenDatePolls(db: DbOrTx, viewerId: string, groupId: string, limit: number) {
  return selectDatePolls(db, viewerId)
    .where(
      and(
        eq(datePolls.groupId, groupId),
        isNull(datePolls.eventId),
        isNull(datePolls.scheduledAt),
        notBlockedCondition(viewerId, sql.raw('date_polls.organizer_id')),
      ),
    )
    .orderBy(desc(datePolls.createdAt), desc(datePolls.id))
    .limit(limit);
}

export async function insertDatePoll(db: DbOrTx, values: typeof datePolls.$inferInsert) {
  const [row] = await db.insert(datePolls).values(values).returning({ id: datePolls.id });
  return row!;
}

export async function insertCandidates(
  db: DbOrTx,
  pollId: string,
  candidates: Array<{ startsAt: Date; endsAt: Date }>,
) {
  await db
    .insert(datePollCandidates)
    .values(candidates.map((candidate, position) => ({ pollId, position, ...candidate })));
}

/** How many answered a date one way; every member's answer counts, as an event's counts do. */
function answered(answer: DatePollAnswer) {
  return sql<number>`(select count(*)::int from date_poll_answers a
    where a.candidate_id = date_poll_candidates.id and a.answer = ${answer})`.mapWith(Number);
}

/** The poll's dates in the order proposed, each with its counts. */
export async function listCandidates(db: DbOrTx, pollId: string) {
  return db
    .select({
      id: datePollCandidates.id,
      startsAt: datePollCandidates.startsAt,
      endsAt: datePollCandidates.endsAt,
      yesCount: answered('yes'),
      ifNeedBeCount: answered('if_need_be'),
      noCount: answered('no'),
    })
    .from(datePollCandidates)
    .where(eq(datePollCandidates.pollId, pollId))
    .orderBy(asc(datePollCandidates.position));
}

/** The answers the viewer may see, earliest first: none from a member a block separates from them. */
export async function listVisibleDateAnswers(db: DbOrTx, pollId: string, viewerId: string) {
  return db
    .select({
      candidateId: datePollAnswers.candidateId,
      userId: datePollAnswers.userId,
      answer: datePollAnswers.answer,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(datePollAnswers)
    .innerJoin(users, eq(users.id, datePollAnswers.userId))
    .where(
      and(
        eq(datePollAnswers.pollId, pollId),
        notBlockedCondition(viewerId, sql.raw('date_poll_answers.user_id')),
      ),
    )
    .orderBy(asc(datePollAnswers.createdAt), asc(datePollAnswers.userId));
}

/** The viewer's marks, one per date given; a mark changed keeps when it was first given. */
export async function saveDateAnswers(
  db: DbOrTx,
  pollId: string,
  userId: string,
  answers: Array<{ candidateId: string; answer: DatePollAnswer }>,
) {
  const now = new Date();
  await db
    .insert(datePollAnswers)
    .values(answers.map((row) => ({ ...row, pollId, userId, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [datePollAnswers.candidateId, datePollAnswers.userId],
      set: { answer: sql`excluded.answer`, updatedAt: now },
    });
}

/**
 * The poll's row locked for the rest of the transaction: two schedules at once are decided one
 * after the other, so the second finds the poll scheduled and makes no second event.
 */
export async function lockDatePoll(db: DbOrTx, pollId: string) {
  const [row] = await db
    .select({ eventId: datePolls.eventId, scheduledAt: datePolls.scheduledAt })
    .from(datePolls)
    .where(eq(datePolls.id, pollId))
    .for('update');
  return row ?? null;
}

export async function markDatePollScheduled(db: DbOrTx, pollId: string, eventId: string) {
  const now = new Date();
  await db
    .update(datePolls)
    .set({ eventId, scheduledAt: now, updatedAt: now })
    .where(eq(datePolls.id, pollId));
}

/** Who says yes to a date, in the order they said it: the order they take places in. */
export async function listYesVoters(db: DbOrTx, candidateId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: datePollAnswers.userId })
    .from(datePollAnswers)
    .where(and(eq(datePollAnswers.candidateId, candidateId), eq(datePollAnswers.answer, 'yes')))
    .orderBy(asc(datePollAnswers.updatedAt), asc(datePollAnswers.userId));
  return rows.map((row) => row.userId);
}

/** Everyone who marked any date of the poll: who hears that it was scheduled. */
export async function listDatePollRespondents(db: DbOrTx, pollId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: datePollAnswers.userId })
    .from(datePollAnswers)
    .where(eq(datePollAnswers.pollId, pollId));
  return rows.map((row) => row.userId);
}
