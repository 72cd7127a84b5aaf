import fs from 'node:fs';
import path from 'node:path';
import { parseEml } from '../../support/eml';

/** The e2e server writes mail as .eml files under its DATA_DIR (see playwright.config.ts). */
export const MAIL_DIR = path.resolve('.tmp/e2e-data/mail');

/**
 * Waits for the newest .eml addressed to `to`, written at or after `since` and containing `contains`,
 * and returns its text part.
 */
export async function waitForMail(
  to: string,
  { since = 0, contains = '', timeoutMs = 15_000 } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const wanted = to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
  for (;;) {
    if (fs.existsSync(MAIL_DIR)) {
      const files = fs
        .readdirSync(MAIL_DIR)
        .filter((name) => name.endsWith(`-${wanted}.eml`))
        .map((name) => path.join(MAIL_DIR, name))
        .filter((file) => fs.statSync(file).mtimeMs >= since)
        .sort();
      const texts = files.map((file) => parseEml(fs.readFileSync(file, 'utf8')).text);
      const newest = texts.filter((text) => text.includes(contains)).pop();
      if (newest) return newest;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The value of `param` in the first link in `mail` whose path is `pathname`. */
export function linkParam(mail: string, pathname: string, param: string): string {
  const pattern = new RegExp(`${pathname.replace(/\//g, '\\/')}\\?${param}=([A-Za-z0-9_-]+)`);
  const match = mail.match(pattern);
  if (!match?.[1]) throw new Error(`no ${pathname}?${param}= link in mail:\n${mail}`);
  return match[1];
}
