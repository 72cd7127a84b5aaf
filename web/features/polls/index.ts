/** What other features use of polls on posts (ADR 058): the composer's section and the poll on a post. */
export { NEW_POLL_DRAFT, PollFields, pollOf, pollProblem, type PollDraft } from './poll-fields';
export { PostPoll } from './post-poll';
