import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { groupRoles, notifications, pushOutbox, pushSubscriptions } from '../../db/schema';
import { memberWithClient, signedInClient } from '../../../tests/support/factories';
import {
  startLocalPushService,
  type LocalPushService,
  type PushDevice,
} from '../../../tests/support/push-service';
import {
  addToGroup,
  createGroupAs,
  createPostAs,
  memberInGroup,
} from '../../../tests/support/social-factories';
import { createTestApp, waitForJobsDone, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { loadConfig } from '../../config/env';
import { deliverPushes, PUSH_DELIVER_JOB, PUSH_HIDDEN_BODY, PUSH_TITLE } from './push.job';
import { PUSH_TTL_SECONDS, sendPush } from './push.send';

/** Web Push (ADR 052) over HTTP, to a local push service that decrypts what it receives. */
describe('web push', () => {
  let app: TestApp;
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
    const push = loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: 'true' }).push;
    app = await createTestApp({ config: { push } });
  });
  afterAll(async () => {
    await app?.close();
    await service?.close();
  });

  const subscribe = (client: TestClient, device: PushDevice) =>
    client.post('/api/push_subscriptions', { push_subscription: device.subscription });

  /** A member with one subscribed device, in a small group with an author who mentions them. */
  async function subscribedMember() {
    const author = await memberWithClient(app);
    const group = await createGroupAs(author.client);
    const reader = await memberInGroup(app, group.id, 'Poster');
    const device = service.device();
    expect((await subscribe(reader.client, device)).status).toBe(201);
    return { author, group, reader, device };
  }

  const mention = (client: TestClient, groupId: string, username: string, tldr: string) =>
    createPostAs(client, { group_id: groupId, tldr, content: `@${username} look at this` });

  describe('devices', () => {
    it('subscribes a device, lists it by its browser, updates it when subscribed again, and deletes it', async () => {
      const member = await memberWithClient(app);
      const device = service.device();
      const created = await subscribe(member.client, device);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ current: true, last_used_at: null });
      expect(JSON.stringify(created.body)).not.toContain(device.subscription.keys.auth);

      // The browser renews its keys: the same endpoint updates the row rather than adding one.
      const renewed = { ...device.subscription, keys: service.device().subscription.keys };
      const again = await member.client.post('/api/push_subscriptions', { push_subscription: renewed });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(created.body.id);
      const rows = await app.context.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, member.member.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.p256dh).toBe(renewed.keys.p256dh);

      const list = await member.client.get('/api/push_subscriptions');
      expect(list.body).toEqual([created.body]);

      const other = await memberWithClient(app);
      expect((await other.client.get('/api/push_subscriptions')).body).toEqual([]);
      expect((await other.client.delete(`/api/push_subscriptions/${created.body.id}`)).status).toBe(404);
      expect((await member.client.get('/api/push_subscriptions')).body).toHaveLength(1);

      expect((await member.client.delete(`/api/push_subscriptions/${created.body.id}`)).status).toBe(204);
      expect((await member.client.get('/api/push_subscriptions')).body).toEqual([]);
    });

    it('signing out of the device removes its subscription', async () => {
      const member = await memberWithClient(app);
      await subscribe(member.client, service.device());
      expect((await member.client.get('/api/push_subscriptions')).body).toHaveLength(1);
      expect((await member.client.delete('/api/users/sign_out')).status).toBeLessThan(300);
      const rows = await app.context.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, member.member.id));
      expect(rows).toEqual([]);
    });

    it('gives the public key that signs the pushes', async () => {
      const { author, group, reader, device } = await subscribedMember();
      const key = (await reader.client.get('/api/push/public_key')).body.public_key;
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
      await mention(author.client, group.id, reader.member.username, 'Key check');
      const [push] = await service.waitFor(device.id);
      expect(push!.vapidKey).toBe(key);
    });
  });

  describe('what is pushed', () => {
    it('a mention reaches the device as the inbox words it, encrypted and signed for the push service', async () => {
      const { author, group, reader, device } = await subscribedMember();
      const post = await mention(author.client, group.id, reader.member.username, 'Saturday climb');
      const [push] = await service.waitFor(device.id);
      const [line] = (await reader.client.get('/api/notifications')).body;
      expect(line).toMatchObject({ kind: 'mention', path: `/post/${post.id}` });
      expect(push!.payload).toEqual({
        title: PUSH_TITLE,
        body: line.text,
        path: `/post/${post.id}`,
        tag: line.id,
      });
      expect(push!.payload.body).toContain('mentioned you in “Saturday climb”');
      expect(push!.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(push!.urgency).toBe('normal');
      expect(push!.claims.aud).toBe(service.origin);
      expect(push!.claims.sub).toMatch(/^mailto:/);
      expect(push!.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(service.failures).toEqual([]);
      await waitForJobsDone(app, PUSH_DELIVER_JOB);
      const [listed] = (await reader.client.get('/api/push_subscriptions')).body;
      expect(listed.last_used_at).not.toBeNull();
    });

    it('pushes nothing from a group set to `nothing`, after a push from another group arrived', async () => {
      const { author, group, reader, device } = await subscribedMember();
      expect(
        (
          await reader.client.put(`/api/groups/${group.id}/notification_level`, {
            notification_level: { level: 'nothing' },
          })
        ).status,
      ).toBe(200);
      await mention(author.client, group.id, reader.member.username, 'Silenced');
      // The control travels the same road after it: a mention in a group the member did not silence.
      const loud = await createGroupAs(author.client);
      await addToGroup(app, loud.id, reader.member.id, 'Poster');
      await mention(author.client, loud.id, reader.member.username, 'Heard');
      await service.waitFor(device.id);
      await waitForJobsDone(app, PUSH_DELIVER_JOB);
      expect(
        service.received.filter((push) => push.deviceId === device.id).map((push) => push.payload.body),
      ).toEqual([expect.stringContaining('“Heard”')]);
    });

    it('pushes nothing from a member the recipient blocked, after a push from another arrived', async () => {
      const { author, group, reader, device } = await subscribedMember();
      const friend = await memberInGroup(app, group.id, 'Poster');
      expect((await reader.client.post('/api/blocks', { user_id: author.member.id })).status).toBe(201);
      await mention(author.client, group.id, reader.member.username, 'Blocked');
      await mention(friend.client, group.id, reader.member.username, 'Friendly');
      await service.waitFor(device.id);
      await waitForJobsDone(app, PUSH_DELIVER_JOB);
      expect(
        service.received.filter((push) => push.deviceId === device.id).map((push) => push.payload.body),
      ).toEqual([expect.stringContaining('“Friendly”')]);
    });

    it('pushes nothing in quiet hours, and a kind whose push is off is not pushed', async () => {
      const { author, group, reader, device } = await subscribedMember();
      const hour = new Date().getUTCHours();
      const clock = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
      const quiet = { start: clock(hour - 1), end: clock(hour + 1), time_zone: 'UTC' };
      const saved = await reader.client.put('/api/push_settings', {
        quiet_hours: quiet,
        hide_contents: false,
      });
      expect(saved.body).toEqual({ quiet_hours: quiet, hide_contents: false });
      await mention(author.client, group.id, reader.member.username, 'At night');
      // Quiet hours are read when the worker takes the notification from the outbox: only once it
      // has (the notification is in the inbox, and the outbox empty) may they end, or the worker
      // would read them already ended.
      await expect
        .poll(async () => JSON.stringify((await reader.client.get('/api/notifications')).body))
        .toContain('At night');
      await expect.poll(async () => (await app.context.db.select().from(pushOutbox)).length).toBe(0);
      await reader.client.put('/api/push_settings', { quiet_hours: null, hide_contents: false });
      const prefs = await reader.client.put('/api/notification_preferences', {
        preferences: [{ kind: 'mention', delivery: 'instant', push: false }],
      });
      expect(prefs.body.preferences).toContainEqual({ kind: 'mention', delivery: 'instant', push: false });
      await mention(author.client, group.id, reader.member.username, 'Push off');
      // The control: a kind still pushed, a new post in the group (its level is `all`), after both.
      await createPostAs(author.client, { group_id: group.id, tldr: 'Daytime' });
      await service.waitFor(device.id);
      await waitForJobsDone(app, PUSH_DELIVER_JOB);
      const bodies = service.received
        .filter((push) => push.deviceId === device.id)
        .map((push) => push.payload);
      expect(bodies).toEqual([expect.objectContaining({ body: expect.stringContaining('“Daytime”') })]);
      // The inbox still has what was not pushed.
      const inbox = (await reader.client.get('/api/notifications')).body.map(
        (line: { text: string }) => line.text,
      );
      expect(inbox.join('\n')).toContain('“At night”');
    });

    it('says nobody’s words when the member hides contents, and still leads to the page', async () => {
      const { author, group, reader, device } = await subscribedMember();
      const hidden = await reader.client.put('/api/push_settings', {
        quiet_hours: null,
        hide_contents: true,
      });
      expect(hidden.body).toEqual({ quiet_hours: null, hide_contents: true });
      const post = await mention(author.client, group.id, reader.member.username, 'Secret plans');
      const [push] = await service.waitFor(device.id);
      expect(push!.payload).toMatchObject({
        title: PUSH_TITLE,
        body: PUSH_HIDDEN_BODY,
        path: `/post/${post.id}`,
      });
      const everything = JSON.stringify(push!.payload);
      expect(everything).not.toContain('Secret plans');
      expect(everything).not.toContain(author.member.lastName);
      expect((await reader.client.get('/api/push_settings')).body.hide_contents).toBe(true);
    });

    it('speaks the member’s language: a German member’s push in German, hidden contents too', async () => {
      const { author, group, reader, device } = await subscribedMember();
      await reader.client.patch('/api/profile', { profile: { locale: 'de' } });
      await mention(author.client, group.id, reader.member.username, 'Grillabend');
      const [push] = await service.waitFor(device.id);
      // The inbox line's German wording (server/i18n/messages/de.json), not the English one.
      expect(push!.payload.body).toContain('„Grillabend“');
      expect(push!.payload.body).not.toMatch(/mentioned you/);
      await reader.client.put('/api/push_settings', { quiet_hours: null, hide_contents: true });
      await mention(author.client, group.id, reader.member.username, 'Zweiter');
      await service.waitFor(device.id, 2);
      const bodies = service.received.filter((p) => p.deviceId === device.id).map((p) => p.payload.body);
      expect(bodies[1]).toBe('Du hast eine neue Benachrichtigung.');
    });

    it('a push service answering 410 drops the subscription; the member’s other device still gets it', async () => {
      const { author, group, reader, device } = await subscribedMember();
      const second = service.device();
      const secondClient = await signedInClient(app, reader.member);
      await subscribe(secondClient, second);
      service.answer(device.id, 410);
      await mention(author.client, group.id, reader.member.username, 'Gone away');
      await service.waitFor(second.id);
      await waitForJobsDone(app, PUSH_DELIVER_JOB);
      const rows = await app.context.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, reader.member.id));
      expect(rows).toEqual([{ endpoint: second.subscription.endpoint }]);
    });
  });

  describe('a group post fanned out to its members’ devices', () => {
    it('reaches each of 30 subscribed members once, and no outsider nor member at `nothing`', async () => {
      const author = await memberWithClient(app);
      const group = await createGroupAs(author.client);
      const members = [];
      for (let i = 0; i < 30; i++) {
        const member = await memberInGroup(app, group.id, 'Poster');
        const device = service.device();
        expect((await subscribe(member.client, device)).status).toBe(201);
        members.push({ ...member, device });
      }
      const silent = await memberInGroup(app, group.id, 'Poster');
      const silentDevice = service.device();
      await subscribe(silent.client, silentDevice);
      await silent.client.put(`/api/groups/${group.id}/notification_level`, {
        notification_level: { level: 'nothing' },
      });
      const outsider = await memberWithClient(app);
      const outsiderDevice = service.device();
      await subscribe(outsider.client, outsiderDevice);

      const post = await createPostAs(author.client, { group_id: group.id, tldr: 'Fan-out' });
      // The positive control: every member's push arrives; only then is an absence worth checking.
      for (const { device } of members) await service.waitFor(device.id);
      await waitForJobsDone(app, PUSH_DELIVER_JOB);
      for (const { device } of members) {
        const pushes = service.received.filter((push) => push.deviceId === device.id);
        expect(pushes).toHaveLength(1);
        expect(pushes[0]!.payload).toMatchObject({ path: `/post/${post.id}`, tag: `group_post:${group.id}` });
        expect(pushes[0]!.urgency).toBe('low');
      }
      const elsewhere = [silentDevice.id, outsiderDevice.id];
      expect(service.received.filter((push) => elsewhere.includes(push.deviceId))).toEqual([]);
      expect(service.failures).toEqual([]);
    });

    it('reads each recipient’s line for them: a member who left since is not pushed, one who stayed is', async () => {
      const author = await memberWithClient(app);
      const group = await createGroupAs(author.client);
      const stays = await memberInGroup(app, group.id, 'Poster');
      const leaves = await memberInGroup(app, group.id, 'Poster');
      const stayer = service.device();
      const leaver = service.device();
      await subscribe(stays.client, stayer);
      await subscribe(leaves.client, leaver);
      await createPostAs(author.client, { group_id: group.id, tldr: 'Before leaving' });
      await service.waitFor(stayer.id);
      await service.waitFor(leaver.id);
      await waitForJobsDone(app, PUSH_DELIVER_JOB);

      // The same deliveries once more, in one job, after one of them left the group.
      const notificationOf = async (memberId: string) =>
        (
          await app.context.db
            .select({ id: notifications.id })
            .from(notifications)
            .where(eq(notifications.recipientId, memberId))
        )[0]!.id;
      const subscriptionOf = async (memberId: string) =>
        (
          await app.context.db
            .select({ id: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, memberId))
        )[0]!.id;
      const deliveries = [];
      for (const member of [stays.member, leaves.member]) {
        deliveries.push({
          notificationId: await notificationOf(member.id),
          recipientId: member.id,
          subscriptionId: await subscriptionOf(member.id),
        });
      }
      await app.context.db
        .delete(groupRoles)
        .where(and(eq(groupRoles.groupId, group.id), eq(groupRoles.userId, leaves.member.id)));
      await deliverPushes(app.context, { deliveries, attempt: 0 });
      expect(service.received.filter((push) => push.deviceId === stayer.id)).toHaveLength(2);
      expect(service.received.filter((push) => push.deviceId === leaver.id)).toHaveLength(1);
    });

    it('a device whose push service says "later" gets a job of its own; the others are sent at once', async () => {
      const author = await memberWithClient(app);
      const group = await createGroupAs(author.client);
      const busy = await memberInGroup(app, group.id, 'Poster');
      const fine = await memberInGroup(app, group.id, 'Poster');
      const busyDevice = service.device();
      const fineDevice = service.device();
      await subscribe(busy.client, busyDevice);
      await subscribe(fine.client, fineDevice);
      service.answer(busyDevice.id, 503);
      const queuedAt = Date.now();
      await createPostAs(author.client, { group_id: group.id, tldr: 'Busy service' });
      await service.waitFor(fineDevice.id);
      const retry = async () =>
        rowsOf<{
          data: { deliveries: Array<{ recipientId: string }>; attempt: number };
          start_after: string;
        }>(
          await app.context.db.execute(sql`select data, start_after::text from pgboss.job
            where name = ${PUSH_DELIVER_JOB} and (data->>'attempt')::int = 1
              and data->'deliveries'->0->>'recipientId' = ${busy.member.id}`),
        );
      await expect.poll(async () => (await retry()).length).toBe(1);
      const [job] = await retry();
      expect(job!.data.deliveries).toHaveLength(1);
      expect(new Date(job!.start_after).getTime()).toBeGreaterThan(queuedAt + 20_000);
      expect(service.received.filter((push) => push.deviceId === busyDevice.id)).toEqual([]);
    });
  });

  it('hears 429 and 5xx as "try again", 404 and 410 as gone, other refusals as final', async () => {
    const device = service.device();
    const payload = { title: PUSH_TITLE, body: 'Test', path: '/inbox', tag: 'test' };
    const row = { endpoint: device.subscription.endpoint, ...device.subscription.keys };
    const outcomes: Record<number, string> = {};
    for (const status of [201, 429, 500, 503, 404, 410, 400, 413]) {
      service.answer(device.id, status);
      outcomes[status] = await sendPush(app.context.config, row, payload, 'normal');
    }
    expect(outcomes).toEqual({
      201: 'sent',
      429: 'retry',
      500: 'retry',
      503: 'retry',
      404: 'gone',
      410: 'gone',
      400: 'refused',
      413: 'refused',
    });
    expect(service.received.filter((push) => push.deviceId === device.id)).toHaveLength(1);
  });
});

describe('web push endpoints are held to the link fetcher’s rule', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('refuses loopback, private and odd-port endpoints without the test switch', async () => {
    const { client } = await memberWithClient(app);
    const keys = {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
      auth: Buffer.alloc(16, 2).toString('base64url'),
    };
    for (const endpoint of [
      'https://127.0.0.1/push/x',
      'https://10.0.0.8/push/x',
      'https://[::1]/push/x',
      'https://localhost/push/x',
      'https://push.example.com:8443/push/x',
    ]) {
      const res = await client.post('/api/push_subscriptions', { push_subscription: { endpoint, keys } });
      expect(res.status, endpoint).toBe(422);
      expect(res.body.errors.endpoint, endpoint).toBeDefined();
    }
    const fine = await client.post('/api/push_subscriptions', {
      push_subscription: { endpoint: 'https://push.example.com/push/x', keys },
    });
    expect(fine.status).toBe(201);
  });
});
