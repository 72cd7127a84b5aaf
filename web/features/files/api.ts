import type {
  CompleteFileRequestBody,
  CreateFileRequestBody,
  FileRequest,
  FileRequestCreated,
} from '@shared/api/files';
import { api } from '@web/lib/api-client';

/** Calls of uploads (spec section 7); every path gets the /api base. The bytes go by ./put-file.ts. */

/** POST /api/file_requests {name, file_type}: where to PUT the bytes, and the largest size accepted. */
export async function createFileRequest(
  body: CreateFileRequestBody,
  signal?: AbortSignal,
): Promise<FileRequestCreated> {
  return (await api.post<FileRequestCreated>('/file_requests', body, { signal })).data;
}

/** PATCH /api/file_requests/{id} {status: 'uploaded', …}: the server checks the bytes and answers the file. */
export async function completeFileRequest(
  id: string,
  body: CompleteFileRequestBody,
  signal?: AbortSignal,
): Promise<FileRequest> {
  return (await api.patch<FileRequest>(`/file_requests/${encodeURIComponent(id)}`, body, { signal })).data;
}

/** GET /api/file_requests/{id}: the member's own upload as it is now (its description draft, ADR 051). */
export async function fetchFileRequest(id: string, signal?: AbortSignal): Promise<FileRequest> {
  return (await api.get<FileRequest>(`/file_requests/${encodeURIComponent(id)}`, { signal })).data;
}
