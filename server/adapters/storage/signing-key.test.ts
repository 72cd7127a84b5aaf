import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keptInDataDir, loadOrCreateSigningKey } from './signing-key';

const folders: string[] = [];
function dataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-kept-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('keptInDataDir', () => {
  it('writes what create gives once, private to the owner, and reads it back ever after', () => {
    const folder = dataDir();
    let created = 0;
    const create = () => `secret-${++created}`;
    const first = keptInDataDir(folder, 'a-key', create, (text) => text || null);
    const again = keptInDataDir(folder, 'a-key', create, (text) => text || null);
    expect(first).toBe('secret-1');
    expect(again).toBe('secret-1');
    expect(created).toBe(1);
    expect(fs.statSync(path.join(folder, 'a-key')).mode & 0o777).toBe(0o600);
    // No temporary file is left beside it.
    expect(fs.readdirSync(folder)).toEqual(['a-key']);
  });

  it('stops with the file named when it holds nothing usable, and keeps what is there', () => {
    const folder = dataDir();
    fs.writeFileSync(path.join(folder, 'a-key'), '   ');
    expect(() =>
      keptInDataDir(
        folder,
        'a-key',
        () => 'new',
        (text) => text.trim() || null,
      ),
    ).toThrow(`${path.join(folder, 'a-key')} holds nothing usable: delete it and start Hearth again`);
    expect(fs.readFileSync(path.join(folder, 'a-key'), 'utf8')).toBe('   ');
  });
});

describe('loadOrCreateSigningKey', () => {
  it('prefers the configured key, else keeps 32 random bytes in hex', () => {
    const folder = dataDir();
    expect(loadOrCreateSigningKey(folder, 'configured')).toBe('configured');
    const kept = loadOrCreateSigningKey(folder, undefined);
    expect(kept).toMatch(/^[0-9a-f]{64}$/);
    expect(loadOrCreateSigningKey(folder, undefined)).toBe(kept);
    expect(loadOrCreateSigningKey(folder, undefined, 'another-key')).not.toBe(kept);
  });
});
