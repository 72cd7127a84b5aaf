import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, behind one interface: the local disk under DATA_DIR/files (Hearth signs
 * and serves its own upload and download URLs) or an S3-compatible bucket (presigned URLs).
 * Features name objects by keys derived from ids only (see files.keys.ts); a member's file name
 * never reaches a path or an object key.
 */

/** `{uuid}` or `{uuid}.{suffix}`: every key an adapter accepts. Anything else is refused. */
export const STORAGE_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.[a-z]{1,16})?$/;

export class InvalidStorageKeyError extends Error {}

/** Throws unless `key` has the expected shape: the guard against path traversal and odd keys. */
export function assertStorageKey(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(`invalid storage key: ${key}`);
  return key;
}

export interface SignedUrl {
  /** Absolute for S3; for the local store, a path on Hearth itself (`/api/storage/…`). */
  url: string;
  expiresAt: Date;
}

/** Headers the download should carry: the type and disposition Hearth decided, not the uploader's. */
export interface DownloadOverrides {
  contentType: string;
  contentDisposition: string;
}

/** Bytes `start` to `end` of an object, both included (an HTTP byte range). */
export interface ObjectRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** A URL the browser PUTs the bytes to, valid for `expiresInSeconds`. */
  signUpload(key: string, expiresInSeconds: number): Promise<SignedUrl>;
  /** A URL that serves the object with the given headers, valid for `expiresInSeconds`. */
  signDownload(key: string, overrides: DownloadOverrides, expiresInSeconds: number): Promise<SignedUrl>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<StoredObject | null>;
  /** The whole object, refusing (TooLargeError) one larger than `maxBytes`; null when absent. */
  read(key: string, maxBytes: number): Promise<Buffer | null>;
  /**
   * A stream of the object (only bytes `range.start` to `range.end`, both included, when a range is
   * given; the caller has checked it against the size) and the whole object's size; null when absent.
   */
  openRead(key: string, range?: ObjectRange): Promise<{ stream: Readable; size: number } | null>;
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Stores a file from the local disk (e.g. a built archive) without reading it into memory. */
  writeFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Idempotent: deleting an absent object is not an error. */
  delete(key: string): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object exceeds ${maxBytes} bytes`);
  }
}

/**
 * The store has no room left for an object (the local disk answered ENOSPC, or a quota EDQUOT);
 * nothing of it was kept. Answered as 507 Insufficient Storage (docs/operations.md, "Disk full").
 */
export class StorageFullError extends Error {
  readonly statusCode = 507;
  constructor(cause?: unknown) {
    super('the file store has no space left', { cause });
    this.name = 'StorageFullError';
  }
}

/** True for a file system's "no space left" (or "quota exceeded") failure. */
export function isNoSpaceError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
