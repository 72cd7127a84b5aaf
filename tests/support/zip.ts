import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Opens a zip the way a member would, with Info-ZIP's `unzip` (/usr/bin/unzip): what it lists and
 * extracts is what a member's computer would see. Entries are read as Buffers.
 */
export function openZip(bytes: Buffer) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-zip-test-'));
  const file = path.join(folder, 'archive.zip');
  fs.writeFileSync(file, bytes);
  try {
    // -t: the archive is whole and every entry's CRC matches.
    execFileSync('unzip', ['-tq', file]);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const entries = new Map<string, Buffer>();
    for (const name of names) {
      // -p writes one entry to stdout; names are passed as literal patterns (brackets escaped).
      entries.set(
        name,
        execFileSync('unzip', ['-p', file, name.replace(/([[\]*?])/g, '[$1]')], { maxBuffer: 1 << 28 }),
      );
    }
    return {
      names,
      entries,
      text: (name: string) => entries.get(name)?.toString('utf8'),
      json: <T = any>(name: string): T => JSON.parse(entries.get(name)!.toString('utf8')) as T,
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
