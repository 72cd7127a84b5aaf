import { queryOptions } from '@tanstack/react-query';
import type { AccountDeletionBody, AccountDeletionState } from '@shared/api/account-deletion';
import { api } from '@web/lib/api-client';

/** Calls of "Delete my account" (server/features/account-deletion, ADR 022). */

export const accountDeletionKey = ['account', 'deletion'] as const;

export const accountDeletionQueryOptions = () =>
  queryOptions({
    queryKey: accountDeletionKey,
    queryFn: async () => (await api.get<AccountDeletionState>('/account/deletion')).data,
  });

/** Schedules the deletion; the answer carries the date. The session ends with it. */
export async function requestAccountDeletion(
  user: AccountDeletionBody['user'],
): Promise<AccountDeletionState> {
  return (await api.post<AccountDeletionState>('/account/deletion', { user })).data;
}

/** Where the member lands once signed out: the page that tells them the date. */
export const DELETION_SCHEDULED_PATH = '/account-deletion';

export function deletionScheduledPath(dueAt: string): string {
  return `${DELETION_SCHEDULED_PATH}?on=${encodeURIComponent(dueAt)}`;
}
