import type { DataExport, DataExportStatus } from '../../../shared/api/data-exports';
import { canDownloadExport } from './data-exports.policy';
import type { DataExportRow } from './data-exports.repo';

/** Where an export's zip is downloaded (its owner's session authorises it). */
export const exportDownloadPath = (id: string) => `/api/account/exports/${id}/download`;

export function presentDataExport(row: DataExportRow, now: Date): DataExport {
  return {
    id: row.id,
    status: row.status as DataExportStatus,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    byte_size: row.byteSize,
    download_url: canDownloadExport({ id: row.userId }, row, now) ? exportDownloadPath(row.id) : null,
  };
}

/**
 * `hearth-export-<username>-<YYYY-MM-DD>.zip`, the date the export was asked for (UTC). Usernames
 * are already plain, but the header is built from a safe alphabet whatever they hold.
 */
export function exportFileName(username: string, createdAt: Date): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '_') || 'member';
  return `hearth-export-${safe}-${createdAt.toISOString().slice(0, 10)}.zip`;
}
