import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  type DownloadOverrides,
  type ObjectRange,
  type ObjectStorage,
  ObjectTooLargeError,
  type SignedUrl,
  StorageFullError,
  type StoredObject,
  isNoSpaceError,
} from './storage';
import type { SignedMethod, UrlSigner, Verdict } from './url-signer';

/** The query string of a signed local URL, as the storage routes read it. */
export interface SignedQuery {
  expires?: string;
  signature?: string;
  type?: string;
  disposition?: string;
}

/** Where the local store's signed URLs are answered (server/features/files/storage.routes.ts). */
export const LOCAL_STORAGE_PATH = '/api/storage';

/**
 * Files on the local disk under DATA_DIR/files, spread over 256 folders by the key's first two
 * characters. Paths are built from validated keys only. Writes go to a temporary file that is renamed
 * into place, so a reader never sees half an object and a failed upload leaves nothing behind. A full
 * disk is a StorageFullError (the temporary file removed, so the space it took is free again).
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly signer: UrlSigner,
  ) {}

  async signUpload(key: string, expiresInSeconds: number): Promise<SignedUrl> {
    assertStorageKey(key);
    const expires = this.signer.expiresIn(expiresInSeconds);
    const signature = this.signer.sign({ method: 'PUT', key, expires });
    const query = new URLSearchParams({ expires: String(expires), signature });
    return { url: `${LOCAL_STORAGE_PATH}/${key}?${query}`, expiresAt: new Date(expires * 1000) };
  }

  async signDownload(
    key: string,
    overrides: DownloadOverrides,
    expiresInSeconds: number,
  ): Promise<SignedUrl> {
    assertStorageKey(key);
    const expires = this.signer.expiresIn(expiresInSeconds);
    const signature = this.signer.sign({ method: 'GET', key, expires, ...overrides });
    const query = new URLSearchParams({
      expires: String(expires),
      type: overrides.contentType,
      disposition: overrides.contentDisposition,
      signature,
    });
    return { url: `${LOCAL_STORAGE_PATH}/${key}?${query}`, expiresAt: new Date(expires * 1000) };
  }

  /** Judges a request to one of this store's signed URLs. */
  verify(method: SignedMethod, key: string, query: SignedQuery): Verdict {
    const expires = Number(query.expires);
    if (!query.signature || !Number.isSafeInteger(expires)) return 'invalid';
    return this.signer.verify(
      {
        method,
        key,
        expires,
        ...(method === 'GET'
          ? { contentType: query.type ?? '', contentDisposition: query.disposition ?? '' }
          : {}),
      },
      query.signature,
    );
  }

  /**
   * Streams an upload to disk, stopping at `maxBytes`: beyond it the partial file is removed and
   * ObjectTooLargeError thrown. The object appears only once complete.
   */
  async receive(key: string, body: Readable, maxBytes: number): Promise<number> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    let received = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > maxBytes) done(new ObjectTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    await this.intoPlace(temporary, target, () =>
      pipeline(body, cap, fs.createWriteStream(temporary, { mode: 0o600 })),
    );
    return received;
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const stat = await fsp.stat(this.pathOf(key));
      return { size: stat.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null> {
    const found = await this.head(key);
    if (!found) return null;
    if (found.size > maxBytes) throw new ObjectTooLargeError(maxBytes);
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async openRead(key: string, range?: ObjectRange): Promise<{ stream: Readable; size: number } | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      // The stream closes the handle when it ends or is destroyed.
      return { stream: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    await this.intoPlace(temporary, target, () => fsp.writeFile(temporary, bytes, { mode: 0o600 }));
  }

  async writeFile(key: string, filePath: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    await this.intoPlace(temporary, target, () =>
      pipeline(fs.createReadStream(filePath), fs.createWriteStream(temporary, { mode: 0o600 })),
    );
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  /** Writes `temporary` with `fill`, then renames it to `target`; on any failure removes it. */
  private async intoPlace(temporary: string, target: string, fill: () => Promise<unknown>): Promise<void> {
    try {
      await fill();
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw isNoSpaceError(error) ? new StorageFullError(error) : error;
    }
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
