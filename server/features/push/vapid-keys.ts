import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config/env';

/**
 * The server's VAPID key pair (ADR 052): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, otherwise
 * a pair web-push generates on first use and keeps in DATA_DIR (mode 0600), so browsers subscribed
 * once keep receiving after a restart. Written to a temporary file and hard-linked into place, as the
 * signing keys are (server/adapters/storage/signing-key.ts): two processes starting together both
 * end up with the pair that won.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_KEYS_FILE = 'vapid-keys.json';

const loaded = new WeakMap<Config, VapidKeys>();

export function vapidKeys(config: Config): VapidKeys {
  let keys = loaded.get(config);
  if (!keys) {
    keys = config.push.vapidKeys ?? loadOrCreateKeys(config.dataDir);
    loaded.set(config, keys);
  }
  return keys;
}

function loadOrCreateKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const existing = readKeys(file);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const keys = readKeys(file);
  if (!keys) throw new Error(`${file} holds no VAPID keys: delete it and start Hearth again`);
  return keys;
}

function readKeys(file: string): VapidKeys | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<VapidKeys>;
  return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string'
    ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
    : null;
}
