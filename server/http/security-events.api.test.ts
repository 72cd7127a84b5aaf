import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, DEFAULT_PASSWORD, memberWithClient } from '../../tests/support/factories';
import { captureLogs, type LogLine } from '../../tests/support/log-capture';
import { createGroupAs, memberInGroup } from '../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import type { SecurityEventName } from './security-events';

const event =
  (name: SecurityEventName, also: (line: LogLine) => boolean = () => true) =>
  (line: LogLine) =>
    line.security_event === name && also(line);

const WARN = 40;
const INFO = 30;

/**
 * The security event log as an operator reads it: the app's own logger, captured, while members
 * fail to sign in, enrol a second factor, change roles, are refused and are throttled.
 */
describe('security events in the log', () => {
  let app: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: true, logTo: { stream: logs.stream, level: 'info' } });
  });
  afterAll(() => app.close());

  it('logs a failed sign-in with the client, never the address tried or the password', async () => {
    const member = await createMember(app);
    const res = await app.client().post('/api/users/sign_in', {
      user: { email: member.email, password: 'a wrong guess 123' },
    });
    expect(res.status).toBe(401);
    const line = await logs.next(event('sign_in_failed'));
    expect(line).toMatchObject({ level: WARN, step: 'password', member_id: null, ip: '127.0.0.1' });
    expect(logs.text()).not.toContain(member.email);
    expect(logs.text()).not.toContain('a wrong guess 123');
  });

  it('logs a two-factor enrolment by member id, never the secret, the codes or the password', async () => {
    const { member, client } = await memberWithClient(app);
    const setup = await client.post('/api/account/two_factor', {
      user: { current_password: DEFAULT_PASSWORD },
    });
    const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(setup.body.secret) });
    const confirmed = await client.post('/api/account/two_factor/confirmation', { user: { code } });
    expect(confirmed.status).toBe(200);
    const line = await logs.next(event('two_factor_enabled', (l) => l.member_id === member.id));
    expect(line.level).toBe(INFO);
    for (const secret of [setup.body.secret, code, DEFAULT_PASSWORD, ...confirmed.body.recovery_codes]) {
      expect(logs.text()).not.toContain(secret);
    }
  });

  it('logs a role change, and a refused role grant with its 403', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const moderator = await memberInGroup(app, group.id, 'Moderator');
    const commentor = await memberInGroup(app, group.id, 'Commentor');
    const roles = await owner.client.get<{ id: string; user_id: string }[]>(
      `/api/groups/${group.id}/group_roles`,
    );
    const roleId = roles.body.find((row) => row.user_id === commentor.member.id)!.id;
    expect(
      (await owner.client.patch(`/api/group_roles/${roleId}`, { group_role: { role: 'Poster' } })).status,
    ).toBe(200);
    expect(await logs.next(event('role_changed', (l) => l.group_id === group.id))).toMatchObject({
      level: INFO,
      member_id: owner.member.id,
      target_member_id: commentor.member.id,
      role: 'Poster',
      via: 'role_change',
    });

    const requester = await memberWithClient(app);
    const request = await requester.client.post('/api/group_requests', {
      group_request: { group_id: group.id },
    });
    const refused = await moderator.client.patch(`/api/group_requests/${request.body.id}`, {
      group_request: { status: 'accepted', role: 'Moderator' },
    });
    expect(refused.status).toBe(403);
    expect(await logs.next(event('role_grant_refused', (l) => l.group_id === group.id))).toMatchObject({
      level: WARN,
      member_id: moderator.member.id,
      target_member_id: requester.member.id,
      role: 'Moderator',
      via: 'request_answer',
    });
    await logs.next(event('access_denied', (l) => l.member_id === moderator.member.id));
  });

  it('logs every 403 with the member, the method and the route pattern (not the address)', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const poster = await memberInGroup(app, group.id, 'Poster');
    const res = await poster.client.patch(`/api/groups/${group.id}`, { group: { name: 'Mine now' } });
    expect(res.status).toBe(403);
    expect(await logs.next(event('access_denied', (l) => l.member_id === poster.member.id))).toMatchObject({
      level: WARN,
      method: 'PATCH',
      route: '/api/groups/:id',
      ip: '127.0.0.1',
    });
  });

  it('logs every 429 with the route it met', async () => {
    const member = await createMember(app);
    const guesser = app.client();
    let status = 0;
    for (let attempt = 0; attempt < 15 && status !== 429; attempt++) {
      status = (
        await guesser.post('/api/users/sign_in', { user: { email: member.email, password: 'nope nope' } })
      ).status;
    }
    expect(status).toBe(429);
    expect(await logs.next(event('rate_limited'))).toMatchObject({
      level: WARN,
      method: 'POST',
      route: '/api/users/sign_in',
      member_id: null,
    });
  });

  it('logs an address the link reader refused, by host, never the path or query', async () => {
    const { client } = await memberWithClient(app);
    const shared = await client.post('/api/links', {
      url: 'http://127.0.0.1/admin?token=do-not-log-me',
      visibility: 'private',
    });
    expect(shared.status).toBe(201);
    expect(await logs.next(event('fetch_blocked'), 15_000)).toMatchObject({ level: WARN, host: '127.0.0.1' });
    expect(logs.text()).not.toContain('do-not-log-me');
  });
});
