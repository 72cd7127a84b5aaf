import path from 'node:path';
import type { Config } from '../../config/env';
import { LocalStorage } from './local-storage';
import type { S3Storage } from './s3-storage';
import { loadOrCreateSigningKey } from './signing-key';
import { createUrlSigner } from './url-signer';

/** The configured store. `kind` tells them apart where it matters (the local store's own routes). */
export type Storage = LocalStorage | S3Storage;

export async function createStorage(config: Config): Promise<Storage> {
  if (config.storage.kind === 's3') {
    // The AWS SDK is loaded only where it is used: a process on local files never holds it (issue 26).
    const { S3Storage } = await import('./s3-storage');
    return new S3Storage(config.storage);
  }
  const key = loadOrCreateSigningKey(config.dataDir, config.filesSigningKey);
  return new LocalStorage(path.join(config.dataDir, 'files'), createUrlSigner(key));
}
