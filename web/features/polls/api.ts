import type { Poll, PollVoters } from '@shared/api/polls';
import { api } from '@web/lib/api-client';

/** Calls of polls on posts (ADR 058); every path gets the /api base. */

const pollPath = (postId: string) => `/posts/${encodeURIComponent(postId)}/poll`;

export async function fetchPoll(postId: string): Promise<Poll> {
  return (await api.get<Poll>(pollPath(postId))).data;
}

/** Votes, or replaces the member's vote, with these options. */
export async function votePoll(postId: string, optionIds: string[]): Promise<Poll> {
  return (await api.put<Poll>(`${pollPath(postId)}/vote`, { vote: { option_ids: optionIds } })).data;
}

/** Takes the member's vote back (not in an anonymous poll). */
export async function retractPollVote(postId: string): Promise<Poll> {
  return (await api.delete<Poll>(`${pollPath(postId)}/vote`)).data;
}

/** Who chose each option (not for an anonymous poll, nor before its results show). */
export async function fetchPollVoters(postId: string): Promise<PollVoters> {
  return (await api.get<PollVoters>(`${pollPath(postId)}/voters`)).data;
}
