import type { DatePoll, DatePollCandidate, DatePollSummary } from '../../../shared/api/date-polls';
import { bestCandidate, wallTimeText } from '../../../shared/domain/gatherings';
import { presentAuthor } from '../profiles/people';
import { canEditEvent } from './gatherings.policy';
import { presentEventPlan } from './gatherings.presenter';
import type { DatePollRow, listCandidates, listVisibleDateAnswers } from './date-polls.repo';

type CandidateRow = Awaited<ReturnType<typeof listCandidates>>[number];
type AnswerRow = Awaited<ReturnType<typeof listVisibleDateAnswers>>[number];

/** A date poll as lists show it. */
export function presentDatePollSummary(row: DatePollRow, viewerId: string): DatePollSummary {
  return {
    ...presentEventPlan(row),
    respondents_count: row.respondentsCount,
    event_id: row.eventId,
    can_schedule: canEditEvent(viewerId, row) && row.scheduledAt === null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A date poll with its dates, their counts, the answers the viewer may see and the best date marked. */
export function presentDatePoll(
  row: DatePollRow,
  candidates: CandidateRow[],
  answers: AnswerRow[],
  viewerId: string,
): DatePoll {
  const best = bestCandidate(
    candidates.map((candidate) => ({
      id: candidate.id,
      yes: candidate.yesCount,
      ifNeedBe: candidate.ifNeedBeCount,
    })),
  );
  const present = (candidate: CandidateRow): DatePollCandidate => {
    const own = answers.filter((answer) => answer.candidateId === candidate.id);
    return {
      id: candidate.id,
      starts_at: candidate.startsAt.toISOString(),
      ends_at: candidate.endsAt.toISOString(),
      starts_at_local: wallTimeText(candidate.startsAt, row.timeZone),
      ends_at_local: wallTimeText(candidate.endsAt, row.timeZone),
      yes_count: candidate.yesCount,
      if_need_be_count: candidate.ifNeedBeCount,
      no_count: candidate.noCount,
      answers: own.map((answer) => ({ ...presentAuthor(answer), answer: answer.answer })),
      my_answer: own.find((answer) => answer.userId === viewerId)?.answer ?? null,
      best: candidate.id === best,
    };
  };
  return { ...presentDatePollSummary(row, viewerId), candidates: candidates.map(present) };
}
