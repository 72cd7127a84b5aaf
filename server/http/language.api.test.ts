import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { createMember, memberWithClient } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { LOCALE_COOKIE } from './language';

/** The language of Hearth's pages and its members (ADR 055). */
describe('languages', () => {
  let app: TestApp;
  let dist: string;
  let built: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    app = await createTestApp();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head></head><body>app</body></html>',
    );
    built = await buildApp(app.context, { webDist: dist });
  });
  afterAll(async () => {
    await built.close();
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await built.inject({ url, headers });
    expect(res.statusCode).toBe(200);
    return { html: res.body, vary: String(res.headers.vary) };
  };

  it('writes the page in the browser’s language: German for de-DE, Arabic right to left, English otherwise', async () => {
    expect((await page('/dashboard', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).html).toContain(
      '<html lang="de" dir="ltr">',
    );
    expect((await page('/', { 'accept-language': 'ar-EG,ar;q=0.9' })).html).toContain(
      '<html lang="ar" dir="rtl">',
    );
    expect((await page('/timeline', { 'accept-language': 'nl-NL' })).html).toContain(
      '<html lang="en" dir="ltr">',
    );
    const { html, vary } = await page('/timeline');
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(vary).toMatch(/accept-language/);
    expect(vary).toMatch(/cookie/);
  });

  it('takes a browser’s saved choice over its Accept-Language, and ignores a forged one', async () => {
    const chosen = await page('/settings', { 'accept-language': 'de-DE', cookie: `${LOCALE_COOKIE}=pt-BR` });
    expect(chosen.html).toContain('<html lang="pt-BR" dir="ltr">');
    const forged = await page('/settings', {
      'accept-language': 'de-DE',
      cookie: `${LOCALE_COOKIE}="><script>alert(1)</script>`,
    });
    expect(forged.html).toContain('<html lang="de" dir="ltr">');
    expect(forged.html).not.toContain('<script>');
  });

  it('saves a member’s language, says it in GET /api/auth, and writes the page in it on that browser', async () => {
    const { client } = await memberWithClient(app);
    expect((await client.get('/api/auth')).body.locale).toBeNull();
    const saved = await client.patch('/api/profile', { profile: { locale: 'ar' } });
    expect(saved.status).toBe(200);
    expect((await client.get('/api/auth')).body.locale).toBe('ar');
    expect(client.cookie(LOCALE_COOKIE)).toBe('ar');
    expect((await page('/timeline', { cookie: `${LOCALE_COOKIE}=ar` })).html).toContain('dir="rtl"');
    // Back to the browser's own: the choice is forgotten, here and on the account.
    await client.patch('/api/profile', { profile: { locale: null } });
    expect((await client.get('/api/auth')).body.locale).toBeNull();
    expect(client.cookie(LOCALE_COOKIE)).toBeUndefined();
  });

  it('refuses a language Hearth does not speak, in the spec’s error shape, and keeps the one saved', async () => {
    const { client, member } = await memberWithClient(app, { locale: 'fr' });
    for (const locale of ['xx', 'pt', 'EN', 42]) {
      const res = await client.patch('/api/profile', { profile: { locale } });
      expect(res.status).toBe(422);
      expect(res.body.errors.locale[0]).toMatch(/is not one of Hearth's languages/);
    }
    const [row] = await app.context.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.locale).toBe('fr');
  });

  it('records the language of the browser a member signs in with, brings their chosen one, and forgets it on signing out', async () => {
    const member = await createMember(app);
    const client = app.client();
    const signIn = (language: string) =>
      client.post(
        '/api/users/sign_in',
        { user: { email: member.email, password: member.password } },
        { headers: { 'accept-language': language } },
      );
    expect((await signIn('es-MX,es;q=0.9')).status).toBe(200);
    const browserLocale = async () =>
      (await app.context.db.select().from(users).where(eq(users.id, member.id)))[0]!.browserLocale;
    expect(await browserLocale()).toBe('es');
    // No choice made: the page follows the browser, so no cookie is set.
    expect(client.cookie(LOCALE_COOKIE)).toBeUndefined();

    await app.context.db.update(users).set({ locale: 'de' }).where(eq(users.id, member.id));
    expect((await signIn('fr-FR')).status).toBe(200);
    expect(await browserLocale()).toBe('fr');
    expect(client.cookie(LOCALE_COOKIE)).toBe('de');

    await client.delete('/api/users/sign_out');
    expect(client.cookie(LOCALE_COOKIE)).toBeUndefined();
  });
});
