import webpush from 'web-push';
import { keptInDataDir } from '../../adapters/storage/signing-key';
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
  return keptInDataDir(dataDir, VAPID_KEYS_FILE, () => JSON.stringify(webpush.generateVAPIDKeys()), readKeys);
}

/** The pair a kept file holds; null for one that holds no pair (empty, cut short, or other JSON). */
function readKeys(text: string): VapidKeys | null {
  let parsed: Partial<VapidKeys>;
  try {
    parsed = JSON.parse(text) as Partial<VapidKeys>;
  } catch {
    return null;
  }
  return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string'
    ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
    : null;
}
