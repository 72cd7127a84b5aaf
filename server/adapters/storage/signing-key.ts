import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_FILE = 'files-signing-key';

/**
 * The local store's URL-signing key: FILES_SIGNING_KEY when set, otherwise a random key generated
 * on first start and kept in DATA_DIR (mode 0600), so signed URLs survive restarts and every process
 * sharing the folder agrees. Written to a temporary file and hard-linked into place, so two processes
 * starting together never read a half-written key and both end up with the one that won.
 * The TOTP encryption key (server/features/account/totp-secret.ts) is kept the same way, in its own file.
 */
export function loadOrCreateSigningKey(
  dataDir: string,
  configured: string | undefined,
  fileName: string = KEY_FILE,
): string {
  if (configured) return configured;
  return keptInDataDir(
    dataDir,
    fileName,
    () => randomBytes(32).toString('hex'),
    (text) => text.trim() || null,
  );
}

/**
 * What `file` in `dataDir` holds, read by `read`; on first use, `create`'s text written there
 * (mode 0600) through a temporary file hard-linked into place, so processes starting together never
 * read a half-written file and all end up with the one that won. `read` answers null for a file
 * that holds nothing usable, which stops the start with a message naming it.
 */
export function keptInDataDir<Kept>(
  dataDir: string,
  fileName: string,
  create: () => string,
  read: (text: string) => Kept | null,
): Kept {
  const file = path.join(dataDir, fileName);
  const existing = readText(file);
  if (existing !== null) {
    const kept = read(existing);
    if (kept !== null) return kept;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, create(), { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const text = readText(file);
  const kept = text === null ? null : read(text);
  if (kept === null) throw new Error(`${file} holds nothing usable: delete it and start Hearth again`);
  return kept;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
