import { z } from 'zod';
import { uuidParam } from './fields';

/**
 * Contracts of "Export my data" (settings → Your data, ADR 021): a member asks for a copy of what
 * they shared, a job builds one zip, and its owner downloads it until it expires.
 */

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

// Zod-free, so the web client imports it without bundling zod.
export { DATA_EXPORT_LIMITS } from '../domain/data-export-limits';

export const DATA_EXPORT_MESSAGES = {
  throttled: 'You can request a new export once an hour. Your latest export is still available below.',
} as const;

export const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  byte_size: z.number().int().nullable(),
  /** Where the zip is downloaded: only while the export is ready and unexpired. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

export const DataExportListSchema = z.array(DataExportSchema);

export const DataExportParamsSchema = z.object({ id: uuidParam });
