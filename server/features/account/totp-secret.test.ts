import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptTotpSecret, encryptTotpSecret } from './totp-secret';

const configured = { dataDir: '/nonexistent', totpEncryptionKey: 'a'.repeat(32) };

describe('TOTP secrets at rest', () => {
  it('round-trips, never stores the secret in clear, and differs on every encryption', () => {
    const first = encryptTotpSecret(configured, 'JBSWY3DPEHPK3PXP');
    const second = encryptTotpSecret(configured, 'JBSWY3DPEHPK3PXP');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(decryptTotpSecret(configured, first)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value altered or made under another key', () => {
    const stored = encryptTotpSecret(configured, 'JBSWY3DPEHPK3PXP');
    const other = { ...configured, totpEncryptionKey: 'b'.repeat(32) };
    expect(() => decryptTotpSecret(other, stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptTotpSecret(configured, parts.join('.'))).toThrow();
    expect(() => decryptTotpSecret(configured, 'plain')).toThrow(/format/);
  });

  it('without a configured key, generates one in DATA_DIR and keeps using it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-totp-'));
    try {
      const config = { dataDir, totpEncryptionKey: undefined };
      const stored = encryptTotpSecret(config, 'JBSWY3DPEHPK3PXP');
      expect(fs.readFileSync(path.join(dataDir, 'totp-encryption-key'), 'utf8').trim()).toMatch(
        /^[0-9a-f]{64}$/,
      );
      expect(decryptTotpSecret(config, stored)).toBe('JBSWY3DPEHPK3PXP');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
