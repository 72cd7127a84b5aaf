import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config/env';
import { loadOrCreateSigningKey } from '../../adapters/storage/signing-key';

/**
 * TOTP secrets are encrypted at rest with AES-256-GCM under TOTP_ENCRYPTION_KEY (or a key generated
 * once and kept in DATA_DIR), so a copy of the database alone cannot mint anyone's codes.
 * Stored as `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
const KEY_FILE = 'totp-encryption-key';
const keys = new Map<string, Buffer>();

function keyOf(config: Pick<Config, 'dataDir' | 'totpEncryptionKey'>): Buffer {
  const cacheKey = config.totpEncryptionKey ?? `file:${config.dataDir}`;
  let key = keys.get(cacheKey);
  if (!key) {
    const material = loadOrCreateSigningKey(config.dataDir, config.totpEncryptionKey, KEY_FILE);
    // Any string of 32+ characters is accepted; SHA-256 turns it into exactly 256 bits.
    key = createHash('sha256').update(material).digest();
    keys.set(cacheKey, key);
  }
  return key;
}

export function encryptTotpSecret(config: Pick<Config, 'dataDir' | 'totpEncryptionKey'>, secret: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return ['v1', ...parts].join('.');
}

/** The secret, or an error if the stored value was made under another key or altered. */
export function decryptTotpSecret(config: Pick<Config, 'dataDir' | 'totpEncryptionKey'>, stored: string) {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
