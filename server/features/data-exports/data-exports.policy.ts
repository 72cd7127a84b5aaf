/**
 * Who may download an export: its owner, while it is ready and unexpired. Anyone else, and any
 * export not (or no longer) downloadable, gets the same 404, so ids reveal nothing.
 */
export function canDownloadExport(
  actor: { id: string },
  row: { userId: string; status: string; expiresAt: Date | null; storageKey: string | null },
  now: Date,
): boolean {
  return (
    row.userId === actor.id &&
    row.status === 'ready' &&
    row.storageKey !== null &&
    row.expiresAt !== null &&
    row.expiresAt > now
  );
}
