import type { Poll } from '../../../shared/api/polls';
import { pollClosed, pollResultsVisible } from '../../../shared/domain/polls';
import type { PollRow } from './polls.repo';

/**
 * A poll as its viewer sees it: the counts only once results show to them (pollResultsVisible), the
 * viewer's own options only in an open poll (an anonymous vote names nobody, so not even its voter
 * can be shown it again).
 */
export function presentPoll(row: PollRow, now: Date = new Date()): Poll {
  const closed = pollClosed(row.closesAt, now);
  const visible = pollResultsVisible(row.results, closed, row.voted);
  return {
    multiple: row.multiple,
    results: row.results,
    anonymous: row.anonymous,
    closes_at: row.closesAt?.toISOString() ?? null,
    closed,
    voters_count: row.votersCount,
    voted: row.voted,
    my_option_ids: row.anonymous
      ? []
      : row.options.filter((option) => option.mine).map((option) => option.id),
    results_visible: visible,
    can_vote: !closed && !(row.anonymous && row.voted),
    options: row.options.map((option) => ({
      id: option.id,
      label: option.label,
      votes: visible ? option.votes : null,
    })),
  };
}
