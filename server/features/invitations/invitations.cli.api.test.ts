import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { lockDataDir } from '../../db/data-dir-lock';
import { invitations } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { ROOT } from '../../paths';

const run = promisify(execFile);

/**
 * `npm run cli -- invite [email]`, run as the operator would: a separate process on its own
 * embedded data folder (so this test always exercises PGlite and the DATA_DIR lock).
 */
describe('cli: invite', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function cli(...args: string[]) {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_ORIGIN: 'https://hearth.example',
      LOG_LEVEL: 'warn',
    };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], {
        cwd: ROOT,
        env,
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  const codeIn = (stdout: string) =>
    stdout.match(/https:\/\/hearth\.example\/invitation\?code=([A-Za-z0-9_-]+)/)?.[1];

  /** Found by the code's hash: the printed code is the only copy (the row stores none). */
  async function invitationRow(code: string) {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const [row] = await database.db
        .select()
        .from(invitations)
        .where(eq(invitations.codeHash, hashToken(code)));
      return row;
    } finally {
      await database.close();
    }
  }

  it('prints a new invitation link, from no inviter and granting nothing', async () => {
    const result = await cli('invite');
    expect(result.code).toBe(0);
    const code = codeIn(result.stdout);
    expect(code).toMatch(/^[A-Za-z0-9_-]{27,}$/);
    const row = await invitationRow(code!);
    expect(row).toMatchObject({
      inviterId: null,
      grantsAdmin: false,
      email: null,
      recipientId: null,
      code: null,
    });
    expect(fs.existsSync(path.join(dataDir, 'hearth.lock'))).toBe(false);
  }, 60_000);

  it('mails the link when given an email (an .eml file without SMTP_URL)', async () => {
    const result = await cli('invite', 'Friend@Example.test');
    expect(result.code).toBe(0);
    const code = codeIn(result.stdout)!;
    expect((await invitationRow(code))!.email).toBe('friend@example.test');
    const files = fs.readdirSync(path.join(dataDir, 'mail')).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(raw).toMatch(/^To: friend@example\.test$/m);
    expect(raw).toMatch(/^Subject: You're invited to join Hearth$/m);
    expect(raw.replace(/=\r?\n/g, '')).toContain(code);
  }, 60_000);

  it('refuses an invalid email', async () => {
    const result = await cli('invite', 'not-an-email');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"not-an-email" is not a valid email address.');
  }, 60_000);

  it('explains that the data folder is in use while the server runs', async () => {
    const release = lockDataDir(dataDir); // this test process plays the running server
    try {
      const result = await cli('invite');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by another Hearth process (pid ${process.pid})`);
      expect(result.stderr).toContain(
        'Stop the Hearth server, run this command, then start the server again',
      );
      expect(result.stdout).not.toContain('/invitation?code=');
    } finally {
      release();
    }
  }, 60_000);

  it('prints usage for an unknown command', async () => {
    const result = await cli('frobnicate');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown command "frobnicate"');
    expect(result.stderr).toContain('invite [email]');
  }, 60_000);
});
