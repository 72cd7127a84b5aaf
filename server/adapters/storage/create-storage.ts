import path from 'node:path';
import type { Config } from '../../config/env';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { loadOrCreateSigningKey } from './signing-key';
import { createUrlSigner } from './url-signer';

/** The configured store. `kind` tells them apart where it matters (the local store's own routes). */
export type Storage = LocalStorage | S3Storage;

export function createStorage(config: Config): Storage {
  if (config.storage.kind === 's3') return new S3Storage(config.storage);
  const key = loadOrCreateSigningKey(config.dataDir, config.filesSigningKey);
  return new LocalStorage(path.join(config.dataDir, 'files'), createUrlSigner(key));
}
