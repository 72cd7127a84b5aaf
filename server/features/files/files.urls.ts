import type { FileVariant } from '../../../shared/api/files';

/**
 * The stable addresses of stored files. Every response names a file by these; GET /api/files/{id}
 * checks who may see it (ARCHITECTURE.md "Who sees what") and then serves or redirects to the
 * storage's signed, expiring URL. A file's bytes never change, so the address never does either.
 */
export type { FileVariant };

export function fileUrl(fileId: string, variant: FileVariant = 'original'): string {
  return variant === 'original' ? `/api/files/${fileId}` : `/api/files/${fileId}?variant=${variant}`;
}
