import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptMessageText, encryptMessageText } from './message-crypto';

/** Private messages' text at rest (ADR 060): unreadable without the key, and refused when altered. */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-messages-key-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const config = { dataDir, messagesKey: 'a'.repeat(40) };
const MESSAGE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('message text encryption', () => {
  it('round-trips text, and never stores it readable (a fresh IV each time)', () => {
    const stored = encryptMessageText(config, MESSAGE, 'Meet at the café 🙂');
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('café');
    expect(encryptMessageText(config, MESSAGE, 'Meet at the café 🙂')).not.toBe(stored);
    expect(decryptMessageText(config, MESSAGE, stored)).toBe('Meet at the café 🙂');
    expect(decryptMessageText(config, MESSAGE, encryptMessageText(config, MESSAGE, ''))).toBe('');
  });

  it('refuses a tampered ciphertext, another message’s id, another key and an unknown format', () => {
    const stored = encryptMessageText(config, MESSAGE, 'secret plans');
    const [version, iv, tag, ciphertext] = stored.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      decryptMessageText(config, MESSAGE, [version, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow();
    expect(() => decryptMessageText(config, OTHER, stored)).toThrow();
    expect(() => decryptMessageText({ dataDir, messagesKey: 'b'.repeat(40) }, MESSAGE, stored)).toThrow();
    expect(() => decryptMessageText(config, MESSAGE, 'plain text')).toThrow(/format/);
  });

  it('keeps a generated key in DATA_DIR when none is configured', () => {
    const generated = { dataDir, messagesKey: undefined };
    const stored = encryptMessageText(generated, MESSAGE, 'kept');
    expect(fs.existsSync(path.join(dataDir, 'messages-encryption-key'))).toBe(true);
    expect(decryptMessageText(generated, MESSAGE, stored)).toBe('kept');
  });
});
