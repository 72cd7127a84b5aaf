import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config/env';
import { loadOrCreateSigningKey } from '../../adapters/storage/signing-key';

/**
 * The text of private messages is encrypted at rest with AES-256-GCM under MESSAGES_KEY (or a key
 * generated once and kept in DATA_DIR), handled like the TOTP key (account/totp-secret.ts), so an
 * operator reading the database sees ciphertext, not what members said (ADR 060). Each text is
 * bound to its message's id (GCM's associated data): a ciphertext copied onto another row does not
 * decrypt there. Stored as `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
const KEY_FILE = 'messages-encryption-key';
const keys = new Map<string, Buffer>();

export type MessageKeyConfig = Pick<Config, 'dataDir' | 'messagesKey'>;

function keyOf(config: MessageKeyConfig): Buffer {
  const cacheKey = config.messagesKey ?? `file:${config.dataDir}`;
  let key = keys.get(cacheKey);
  if (!key) {
    const material = loadOrCreateSigningKey(config.dataDir, config.messagesKey, KEY_FILE);
    // Any string of 32+ characters is accepted; SHA-256 turns it into exactly 256 bits.
    key = createHash('sha256').update(material).digest();
    keys.set(cacheKey, key);
  }
  return key;
}

export function encryptMessageText(config: MessageKeyConfig, messageId: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  cipher.setAAD(Buffer.from(messageId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return ['v1', ...parts].join('.');
}

/**
 * The text, or an error if the stored value was made under another key, for another message, or
 * altered.
 */
export function decryptMessageText(config: MessageKeyConfig, messageId: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) {
    throw new Error('unknown message text format');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(messageId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
