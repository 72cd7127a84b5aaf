/**
 * What other features use of polls on posts (ADR 058): the composer's section and the poll on a post.
 * Cards import the poll from ./post-poll itself: through this module the timeline's chunk would also
 * take the composer's section (vite.config.ts follows imports to group a screen's code).
 */
export { NEW_POLL_DRAFT, PollFields, pollOf, pollProblem, type PollDraft } from './poll-fields';
export { PostPoll } from './post-poll';
