import type { CreateDatePollBody, DatePollAnswersBody } from '../../../shared/api/date-polls';
import { DATE_POLL_LIMITS, DATE_POLL_MESSAGES } from '../../../shared/domain/gatherings';
import type { DbOrTx } from '../../db/client';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { membersWhoMaySeeDatePoll } from '../events/live-audience';
import { publishLiveEvent } from '../events/live-events';
import { notify } from '../notifications/notify';
import type { PostContext } from '../posts/posts.service';
import {
  findDatePollForViewer,
  insertCandidates,
  insertDatePoll,
  listCandidates,
  listDatePollRespondents,
  listOpenDatePolls,
  listVisibleDateAnswers,
  listYesVoters,
  lockDatePoll,
  markDatePollScheduled,
  saveDateAnswers,
  type DatePollRow,
} from './date-polls.repo';
import { canEditEvent, canViewGathering } from './gatherings.policy';
import {
  checkMayOrganize,
  decideAnswer,
  memberRoleIn,
  memberTimeZone,
  writeEvent,
  writeGatheringCard,
} from './gatherings.service';
import { resolveEventTimes } from './gatherings.times';

/**
 * Date polls (issue 30 part 2, ADR 057): seen by whoever would see the event they plan (the event
 * rule, canViewGathering, on the poll's group and organiser); 404 to anyone else, so a hidden poll's
 * existence never leaks.
 */
export async function loadVisibleDatePoll(
  db: DbOrTx,
  pollId: string,
  viewerId: string,
): Promise<DatePollRow> {
  const row = await findDatePollForViewer(db, pollId, viewerId);
  if (!row || !canViewGathering(row, viewerId)) throw notFound();
  return row;
}

/** The poll, its dates with their counts, and the answers the viewer may see. */
export async function loadDatePoll(db: DbOrTx, pollId: string, viewerId: string) {
  const poll = await loadVisibleDatePoll(db, pollId, viewerId);
  return {
    poll,
    candidates: await listCandidates(db, pollId),
    answers: await listVisibleDateAnswers(db, pollId, viewerId),
  };
}

/** Tells open poll pages that its answers changed or it was scheduled, once the change commits. */
async function publishDatePollChanged(tx: DbOrTx, pollId: string) {
  await publishLiveEvent(tx, { allMembers: true }, { type: 'date_poll.updated', pollId });
}

/**
 * An organiser proposes dates (ADR 057): whoever may create an event there may (404 for a group
 * they may not see, 403 for a Commentor). Each date is read in the poll's zone as an event's times
 * are. In a group, the poll's card is a post of the group written in the same transaction and
 * announced as any new post is, as an event's card is.
 */
export async function createDatePoll(
  context: PostContext,
  organizerId: string,
  input: CreateDatePollBody['date_poll'],
) {
  const { db } = context;
  const groupId = input.group_id ?? null;
  await checkMayOrganize(db, organizerId, groupId);
  const timeZone = input.time_zone ?? (await memberTimeZone(db, organizerId));
  const candidates = input.candidates.map((candidate) =>
    resolveEventTimes({
      timeZone,
      allDay: false,
      startsAt: candidate.starts_at,
      endsAt: candidate.ends_at ?? null,
    }),
  );
  const id = await db.transaction(async (tx) => {
    const poll = await insertDatePoll(tx, {
      groupId,
      organizerId,
      title: input.title,
      description: input.description,
      timeZone,
      place: input.place,
      mapUrl: input.map_url ?? null,
      capacity: input.capacity ?? null,
    });
    await insertCandidates(tx, poll.id, candidates);
    if (groupId) {
      await writeGatheringCard(context, tx, {
        organizerId,
        groupId,
        title: input.title,
        description: input.description,
        datePollId: poll.id,
      });
    }
    return poll.id;
  });
  return loadDatePoll(db, id, organizerId);
}

/** A scheduled poll takes no answers and cannot be scheduled again (422 on `field`). */
function refuseIfScheduled(poll: { scheduledAt: Date | null }, field: string) {
  if (poll.scheduledAt) throw invalidField(field, DATE_POLL_MESSAGES.scheduled);
}

/**
 * A member who may see the poll marks dates yes, if need be or no, or changes a mark; dates not
 * named keep theirs. Each date must be the poll's, and named once (422 on `answers`). Decided under
 * the poll's row lock, so no answer lands after the poll was scheduled.
 */
export async function answerDatePoll(
  db: DbOrTx,
  pollId: string,
  viewerId: string,
  input: DatePollAnswersBody['answers'],
) {
  const poll = await loadVisibleDatePoll(db, pollId, viewerId);
  refuseIfScheduled(poll, 'answers');
  const ids = input.map((answer) => answer.candidate_id);
  if (new Set(ids).size !== ids.length) throw invalidField('answers', DATE_POLL_MESSAGES.sameCandidate);
  const known = new Set((await listCandidates(db, pollId)).map((candidate) => candidate.id));
  if (ids.some((id) => !known.has(id))) throw invalidField('answers', DATE_POLL_MESSAGES.notACandidate);
  await db.transaction(async (tx) => {
    refuseIfScheduled((await lockDatePoll(tx, pollId)) ?? poll, 'answers');
    await saveDateAnswers(
      tx,
      pollId,
      viewerId,
      input.map((answer) => ({ candidateId: answer.candidate_id, answer: answer.answer })),
    );
    await publishDatePollChanged(tx, pollId);
  });
  return loadDatePoll(db, pollId, viewerId);
}

/**
 * The organiser turns one date into the event, in one transaction (ADR 057): the event is written
 * as any new one (its card, the organiser going) with the poll's title, description, place and
 * capacity; everyone who said yes to that date and may still see the poll answers "going" through
 * the event's own answer code, in the order they said yes, so the capacity and the waiting list
 * hold; the poll is closed and names the event; everyone who answered is told. The poll's row is
 * locked first, so two schedules at once make one event: the second gets a 422.
 */
export async function scheduleDatePoll(
  context: PostContext,
  pollId: string,
  viewerId: string,
  candidateId: string,
) {
  const { db } = context;
  const poll = await loadVisibleDatePoll(db, pollId, viewerId);
  if (!canEditEvent(viewerId, poll)) throw forbidden();
  const candidate = (await listCandidates(db, pollId)).find((row) => row.id === candidateId);
  if (!candidate) throw invalidField('candidate_id', DATE_POLL_MESSAGES.notACandidate);
  await db.transaction(async (tx) => {
    refuseIfScheduled((await lockDatePoll(tx, pollId)) ?? poll, 'candidate_id');
    const eventId = await writeEvent(context, tx, viewerId, {
      groupId: poll.groupId,
      title: poll.title,
      description: poll.description,
      startsAt: candidate.startsAt,
      endsAt: candidate.endsAt,
      timeZone: poll.timeZone,
      allDay: false,
      place: poll.place,
      mapUrl: poll.mapUrl,
      capacity: poll.capacity,
      guestsAllowed: false,
    });
    const event = { id: eventId, title: poll.title, groupId: poll.groupId };
    const saidYes = (await listYesVoters(tx, candidateId)).filter((userId) => userId !== viewerId);
    const mayStillSee = await membersWhoMaySeeDatePoll(tx, pollId, saidYes);
    for (const userId of saidYes.filter((id) => mayStillSee.has(id))) {
      await decideAnswer(tx, event, userId, { status: 'going', guests: 0 });
    }
    await markDatePollScheduled(tx, pollId, eventId);
    await notify(
      tx,
      (await listDatePollRespondents(tx, pollId)).map((recipientId) => ({
        recipientId,
        actorId: viewerId,
        kind: 'event_scheduled' as const,
        eventId,
        groupId: poll.groupId,
        data: { title: poll.title },
      })),
    );
    await publishDatePollChanged(tx, pollId);
  });
  return loadDatePoll(db, pollId, viewerId);
}

/** A group's polls not yet scheduled, for its members (404 otherwise). */
export async function listGroupDatePolls(db: DbOrTx, viewerId: string, groupId: string) {
  await memberRoleIn(db, groupId, viewerId);
  return listOpenDatePolls(db, viewerId, groupId, DATE_POLL_LIMITS.openMax);
}
