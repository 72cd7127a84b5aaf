import type { ReactionResponse, WhoReacted } from '@shared/api/reactions';
import type { ReactionEmoji } from '@shared/domain/reactions';
import { api } from '@web/lib/api-client';

/** What reactions are given to (ADR 044): a post or a comment on a post. */
export interface ReactionSubject {
  kind: 'post' | 'comment';
  id: string;
}

const basePath = (subject: ReactionSubject) =>
  `/${subject.kind}s/${encodeURIComponent(subject.id)}/reactions`;

/** PUT (give) or DELETE (take back) /api/{posts|comments}/{id}/reactions/{emoji}. */
export async function setReaction(
  subject: ReactionSubject,
  emoji: ReactionEmoji,
  on: boolean,
): Promise<ReactionResponse> {
  const path = `${basePath(subject)}/${emoji}`;
  return (on ? await api.put<ReactionResponse>(path) : await api.delete<ReactionResponse>(path)).data;
}

/** GET /api/{posts|comments}/{id}/reactions: per emoji, its count and the most recent members. */
export async function fetchWhoReacted(subject: ReactionSubject, signal?: AbortSignal): Promise<WhoReacted> {
  return (await api.get<WhoReacted>(basePath(subject), { signal })).data;
}
