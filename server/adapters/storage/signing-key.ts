import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_FILE = 'files-signing-key';

/**
 * A signing key (by default the local store's URL-signing key): the configured one when set, otherwise a random key generated
 * on first start and kept in DATA_DIR (mode 0600), so signed URLs survive restarts and every process
 * sharing the folder agrees. Written to a temporary file and hard-linked into place, so two processes
 * starting together never read a half-written key and both end up with the one that won.
 */
export function loadOrCreateSigningKey(
  dataDir: string,
  configured: string | undefined,
  keyFile: string = KEY_FILE,
): string {
  if (configured) return configured;
  const file = path.join(dataDir, keyFile);
  const existing = readKey(file);
  if (existing) return existing;

  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const key = readKey(file);
  if (!key) throw new Error(`${file} is empty: delete it and start Hearth again`);
  return key;
}

function readKey(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
