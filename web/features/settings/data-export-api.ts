import { queryOptions } from '@tanstack/react-query';
import type { DataExport } from '@shared/api/data-exports';
import { api } from '@web/lib/api-client';

/** Calls of "Export your data" (server/features/data-exports). */

export const dataExportKeys = { all: ['account', 'exports'] as const };

/** While an export is being prepared the list is asked for again this often. */
export const EXPORT_POLL_MS = 3000;

export const dataExportsQueryOptions = () =>
  queryOptions({
    queryKey: dataExportKeys.all,
    queryFn: async () => (await api.get<DataExport[]>('/account/exports')).data,
  });

export async function requestDataExport(): Promise<DataExport> {
  return (await api.post<DataExport>('/account/exports')).data;
}
