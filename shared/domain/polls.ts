/**
 * Polls on posts (issue 30 part 3, ADR 058): the limits and the one rule of when results show.
 * Zod-free, so the web client imports it without bundling zod.
 */

export const POLL_LIMITS = {
  optionsMin: 2,
  optionsMax: 10,
  /** Characters of one option's label. */
  option: 120,
} as const;

/** When a poll's counts show: once the viewer has voted (or it closed), or only once it closed. */
export const POLL_RESULTS = ['after_voting', 'after_closing'] as const;
export type PollResults = (typeof POLL_RESULTS)[number];

export const POLL_MESSAGES = {
  closed: 'This poll is closed.',
  anonymousFinal: 'An anonymous vote cannot be changed or taken back.',
  notAnOption: 'names an option this poll does not have',
  single: 'must be exactly one option in a single-choice poll',
  anonymous: 'This poll is anonymous: nobody can see who voted what.',
  hidden: 'The results of this poll are not shown yet.',
} as const;

/** Whether a poll is closed at `now`: it had a closing time and that time has come. */
export function pollClosed(closesAt: Date | null, now: Date = new Date()): boolean {
  return closesAt !== null && closesAt.getTime() <= now.getTime();
}

/**
 * Whether the viewer may see a poll's counts: after closing, everyone; before, only a viewer who
 * voted, and only when the poll shows results after voting. The same for the author and admins.
 */
export function pollResultsVisible(results: PollResults, closed: boolean, voted: boolean): boolean {
  return closed || (results === 'after_voting' && voted);
}
