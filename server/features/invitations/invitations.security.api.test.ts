import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { invitations } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';
import { ageRow, signUpBody } from '../../../tests/support/accounts';
import { memberWithClient } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { hashLegacyInvitationCodes } from './invitations.service';

/** Security review item 8: hashed codes, who may invite, and how much mail one member can cause. */
describe('invitations: codes are stored hashed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('keeps only a SHA-256 of the code; the code is shown once and the list shows code null', async () => {
    const { client } = await memberWithClient(app);
    const created = await client.post('/api/invitations', { invitation: { email: 'hashed@example.test' } });
    expect(created.status).toBe(201);
    const code = created.body.code as string;
    const [row] = await app.context.db.select().from(invitations).where(eq(invitations.id, created.body.id));
    expect(row!.code).toBeNull();
    expect(row!.codeHash).toBe(hashToken(code));

    const listed = await client.get('/api/invitations');
    expect(listed.body[0]).toMatchObject({ id: created.body.id, code: null, url: null });
    expect(JSON.stringify(listed.body)).not.toContain(code);

    const check = await app.client().post('/api/check_invitation', { invitation: { code } });
    expect(check.body).toEqual({ valid: true });
    const signUp = await app.client().post('/api/users', signUpBody({ invitation_code: code }));
    expect(signUp.status).toBe(201);
  });

  it('hashes plaintext codes left from before the upgrade, idempotently, and they still work', async () => {
    const legacy = randomToken(20);
    await app.context.db.execute(
      sql`insert into invitations (code, expires_at) values (${legacy}, now() + interval '1 day')`,
    );
    await hashLegacyInvitationCodes(app.context.db);
    await hashLegacyInvitationCodes(app.context.db); // a second start changes nothing
    const rows = await app.context.db
      .select()
      .from(invitations)
      .where(eq(invitations.codeHash, hashToken(legacy)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code).toBeNull();
    const stillPlain = await app.context.db.select().from(invitations).where(isNotNull(invitations.code));
    expect(stillPlain).toHaveLength(0);
    expect((await app.client().post('/api/check_invitation', { invitation: { code: legacy } })).body).toEqual(
      {
        valid: true,
      },
    );
    expect((await app.client().post('/api/users', signUpBody({ invitation_code: legacy }))).status).toBe(201);
  });
});

describe('invitations: admins decide who may invite', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const invite = (client: Awaited<ReturnType<typeof memberWithClient>>['client']) =>
    client.post('/api/invitations', { invitation: { email: `${randomToken(4)}@example.test` } });

  it('refuses a member inside the waiting period (403, saying when), never an admin', async () => {
    const admin = await memberWithClient(app, { isAdmin: true });
    expect((await admin.client.get('/api/admin/settings')).body).toEqual({ invite_waiting_days: 0 });
    const set = await admin.client.patch('/api/admin/settings', { settings: { invite_waiting_days: 7 } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ invite_waiting_days: 7 });

    const newcomer = await memberWithClient(app);
    const refused = await invite(newcomer.client);
    expect(refused.status).toBe(403);
    const from = new Date(newcomer.member.createdAt.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(refused.body).toEqual({
      error: `New members can invite 7 days after joining: you can from ${from}.`,
    });

    const settled = await memberWithClient(app);
    await ageRow(app, 'users', 'created_at', settled.member.id, 7 * 24 + 1);
    expect((await invite(settled.client)).status).toBe(201);
    const newAdmin = await memberWithClient(app, { isAdmin: true });
    expect((await invite(newAdmin.client)).status).toBe(201);
    await admin.client.patch('/api/admin/settings', { settings: { invite_waiting_days: 0 } });
    expect((await invite(newcomer.client)).status).toBe(201);
  });

  it('lets an admin switch inviting off and on for one member', async () => {
    const admin = await memberWithClient(app, { isAdmin: true });
    const { member, client } = await memberWithClient(app);
    const found = await admin.client.get(`/api/admin/members?username=${member.username.toUpperCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: member.id, username: member.username, can_invite: true });

    const off = await admin.client.patch(`/api/admin/members/${member.id}`, {
      member: { can_invite: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: member.id, can_invite: false });
    const refused = await invite(client);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'An admin has switched off inviting for your account.' });

    await admin.client.patch(`/api/admin/members/${member.id}`, { member: { can_invite: true } });
    expect((await invite(client)).status).toBe(201);
  });

  it('keeps the controls for admins and checks their input', async () => {
    const { member, client } = await memberWithClient(app);
    expect((await client.get('/api/admin/settings')).status).toBe(403);
    expect((await client.patch('/api/admin/settings', { settings: { invite_waiting_days: 0 } })).status).toBe(
      403,
    );
    expect(
      (await client.patch(`/api/admin/members/${member.id}`, { member: { can_invite: true } })).status,
    ).toBe(403);
    const admin = await memberWithClient(app, { isAdmin: true });
    for (const days of [-1, 1.5, 366, '3']) {
      const res = await admin.client.patch('/api/admin/settings', {
        settings: { invite_waiting_days: days },
      });
      expect(res.status).toBe(422);
    }
    expect((await admin.client.get('/api/admin/members?username=nobody_here')).status).toBe(404);
  });
});

describe('invitations: mail sent on a member’s behalf is limited per day', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ rateLimits: true });
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After past 20 invitation mails a day', async () => {
    const { member, client } = await memberWithClient(app);
    // Expire the open ones every ten, so the 10-open quota (422) never answers first.
    const expireOpen = () =>
      app.context.db.execute(sql`update invitations set expires_at = now() where inviter_id = ${member.id}`);
    for (let i = 0; i < 20; i++) {
      if (i === 10) await expireOpen();
      const res = await client.post('/api/invitations', { invitation: { email: `m${i}@example.test` } });
      expect(res.status).toBe(201);
    }
    await expireOpen();
    const res = await client.post('/api/invitations', { invitation: { email: 'm20@example.test' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
