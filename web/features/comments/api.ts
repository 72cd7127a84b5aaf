import type { MentionSuggestion } from '@shared/api/mentions';
import { api } from '@web/lib/api-client';

/** GET /api/mentions: members to mention, only the group's for a group post. */
export async function fetchMentionSuggestions(
  q: string,
  groupId: string | null | undefined,
  signal?: AbortSignal,
): Promise<MentionSuggestion[]> {
  return (
    (
      await api.get<MentionSuggestion[] | null>('/mentions', {
        query: { q, group_id: groupId ?? undefined },
        signal,
      })
    ).data ?? []
  );
}
