import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/api/notifications';
import { memberWithClient } from '../../../tests/support/factories';
import { startLocalPushService, type LocalPushService } from '../../../tests/support/push-service';
import { addToGroup, createGroupAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp, waitForJobsDone, waitForMail } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { loadConfig } from '../../config/env';
import { notifications } from '../../db/schema';
import {
  MESSAGE_MAIL_QUIET_MS,
  NOTIFICATION_MAIL_JOB,
  sweepInstantMail,
} from '../notifications/notifications.job';
import { PUSH_DELIVER_JOB } from '../push/push.job';

/**
 * The `message` notification (issue 31 part 5, ADR 060) over HTTP: one inbox line per conversation
 * that reading the conversation reads, a push, and a mail only when still unread after the quiet
 * period; none for a muted conversation, a request not accepted, a blocked pair or the sender.
 */
describe('message notifications', () => {
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

  type Person = Awaited<ReturnType<typeof memberWithClient>>;
  const nameOf = (person: Person) => `${person.member.firstName} ${person.member.lastName}`;
  const follow = async (who: Person, whom: Person) =>
    expect((await who.client.post(`/api/profiles/${whom.member.id}/follow`)).status).toBeLessThan(300);
  const start = async (client: TestClient, userIds: string[], name?: string) => {
    const made = await client.post('/api/conversations', {
      conversation: { user_ids: userIds, ...(name ? { name } : {}) },
    });
    expect(made.status).toBe(201);
    return made.body as { id: string };
  };
  const send = async (client: TestClient, conversationId: string, content: string) => {
    const sent = await client.post(`/api/conversations/${conversationId}/messages`, { message: { content } });
    expect(sent.status).toBe(201);
    return sent.body as { id: string };
  };
  const messageLines = async (client: TestClient) =>
    ((await client.get('/api/notifications')).body as Notification[]).filter(
      (line) => line.kind === 'message',
    );
  const storedMessageRows = (person: Person) =>
    app.context.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.recipientId, person.member.id), eq(notifications.kind, 'message')));
  const mailsTo = (person: Person) => app.mailer.sent.filter((mail) => mail.to === person.member.email);
  /** A sweep as if `minutes` had passed: the quiet period is 15. */
  const sweepAfter = async (minutes: number) => {
    await sweepInstantMail(app.context, new Date(Date.now() + minutes * 60_000));
    await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
  };

  /** Ana and Ben, who follow each other, in a direct conversation. */
  async function pair() {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    await follow(ana, ben);
    await follow(ben, ana);
    const conversation = await start(ana.client, [ben.member.id]);
    return { ana, ben, conversation };
  }

  it('folds a conversation into one inbox line, outside the inbox badge, that reading the conversation reads', async () => {
    const { ana, ben, conversation } = await pair();
    // Ana's follow is news of its own: read, so the badge below holds only what messages add.
    await ben.client.post('/api/notifications/read_all');
    await send(ana.client, conversation.id, 'Climbing on Saturday?');
    const [one] = await messageLines(ben.client);
    expect(one).toMatchObject({
      text: `${nameOf(ana)} sent you a message`,
      path: `/messages/${conversation.id}`,
      read: false,
      subject: { type: 'conversation', id: conversation.id },
    });
    await send(ana.client, conversation.id, 'Bring the rope');
    const third = await send(ana.client, conversation.id, 'And snacks');
    const lines = await messageLines(ben.client);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ text: `${nameOf(ana)} sent you 3 messages`, read: false });
    // The Messages entry counts them; the inbox badge does not count them a second time.
    expect((await ben.client.get('/api/me/counts')).body.unread_messages).toBe(3);
    expect((await ben.client.get('/api/notifications/unread_count')).body).toEqual({ count: 0 });
    // The sender is told nothing of their own messages.
    expect(await messageLines(ana.client)).toEqual([]);

    expect(
      (
        await ben.client.post(`/api/conversations/${conversation.id}/read`, {
          read: { message_id: third.id },
        })
      ).status,
    ).toBeLessThan(300);
    expect(await messageLines(ben.client)).toMatchObject([{ read: true }]);

    // A new message makes the line unread again; answering reads it too.
    await send(ana.client, conversation.id, 'See you there');
    expect(await messageLines(ben.client)).toMatchObject([
      { read: false, text: `${nameOf(ana)} sent you a message` },
    ]);
    await send(ben.client, conversation.id, 'Deal');
    expect(await messageLines(ben.client)).toMatchObject([{ read: true }]);
  });

  it('tells nobody of a muted conversation, a request not accepted, a blocked pair, or the sender', async () => {
    const ana = await memberWithClient(app);
    const [ben, cy, dan, eve] = [
      await memberWithClient(app),
      await memberWithClient(app),
      await memberWithClient(app),
      await memberWithClient(app),
    ];
    const group = await createGroupAs(ana.client);
    for (const person of [ben, cy, dan, eve]) await addToGroup(app, group.id, person.member.id, 'Poster');
    // Dan does not follow Ana: the circle reaches him as a request.
    for (const person of [ben, cy, eve]) await follow(person, ana);
    const circle = await start(
      ana.client,
      [ben, cy, dan, eve].map((person) => person.member.id),
      'Rope team',
    );
    expect((await cy.client.put(`/api/conversations/${circle.id}/mute`)).status).toBe(204);
    expect((await eve.client.post('/api/blocks', { user_id: ana.member.id })).status).toBe(201);
    const devices = new Map([ben, cy, dan, eve].map((person) => [person, service.device()]));
    for (const [person, device] of devices) {
      const subscribed = await person.client.post('/api/push_subscriptions', {
        push_subscription: device.subscription,
      });
      expect(subscribed.status).toBe(201);
    }

    await send(ana.client, circle.id, 'Who brings the rope?');
    // Positive control: Ben is told, in the inbox and on his device.
    expect(await messageLines(ben.client)).toMatchObject([
      { text: `${nameOf(ana)} sent a message in Rope team`, path: `/messages/${circle.id}` },
    ]);
    const [push] = await service.waitFor(devices.get(ben)!.id);
    expect(push!.payload).toMatchObject({
      body: `${nameOf(ana)} sent a message in Rope team`,
      path: `/messages/${circle.id}`,
    });
    expect(push!.payload.body).not.toContain('rope?');
    await waitForJobsDone(app, PUSH_DELIVER_JOB);
    for (const person of [cy, dan, eve]) {
      // Not merely hidden when listed: never recorded (so never queued for a push or a mail).
      expect(await storedMessageRows(person)).toEqual([]);
      expect(await messageLines(person.client)).toEqual([]);
      expect(service.received.filter((p) => p.deviceId === devices.get(person)!.id)).toEqual([]);
    }
    expect(await messageLines(ana.client)).toEqual([]);

    // Muting after the fact hides the line already there; unmuting brings the next message's.
    expect((await ben.client.put(`/api/conversations/${circle.id}/mute`)).status).toBe(204);
    expect(await messageLines(ben.client)).toEqual([]);
    // Dan accepts: from then on he is told like the others.
    expect((await dan.client.post(`/api/conversations/${circle.id}/accept`)).status).toBe(200);
    await send(ana.client, circle.id, 'Thanks all');
    expect(await messageLines(dan.client)).toMatchObject([
      { text: `${nameOf(ana)} sent a message in Rope team` },
    ]);
  });

  it('a message deleted for everyone takes its line with it', async () => {
    const { ana, ben, conversation } = await pair();
    const sent = await send(ana.client, conversation.id, 'Oops, wrong person');
    expect(await messageLines(ben.client)).toHaveLength(1);
    expect((await ana.client.delete(`/api/messages/${sent.id}`)).status).toBe(204);
    expect(await messageLines(ben.client)).toEqual([]);
  });

  describe('mail', () => {
    it('mails once a conversation still unread after the quiet period, without the message text', async () => {
      const { ana, ben, conversation } = await pair();
      await send(ana.client, conversation.id, 'The secret is behind the boulder');
      await send(ana.client, conversation.id, 'Second secret');
      const watcher = await memberWithClient(app);
      await watcher.client.put('/api/notification_preferences', {
        preferences: [{ kind: 'follow', delivery: 'instant' }],
      });
      expect(MESSAGE_MAIL_QUIET_MS).toBe(15 * 60_000);

      // Within the quiet period nothing goes, while an ordinary instant kind does (positive control).
      await follow(ana, watcher);
      await sweepAfter(1);
      await waitForMail(app, watcher.member.email);
      expect(mailsTo(ben)).toEqual([]);

      await sweepAfter(16);
      const mail = await waitForMail(app, ben.member.email);
      expect(mail.subject).toBe(`${nameOf(ana)} sent you 2 messages`);
      expect(mail.text).toContain(`http://hearth.test/messages/${conversation.id}`);
      expect(`${mail.subject} ${mail.text} ${mail.html ?? ''}`).not.toMatch(/secret/i);

      // More messages while the mailed line is unread bring no second mail; another conversation's do.
      await send(ana.client, conversation.id, 'Third');
      const control = await pair();
      await send(control.ana.client, control.conversation.id, 'Control');
      await sweepAfter(16);
      await waitForMail(app, control.ben.member.email);
      expect(mailsTo(ben)).toHaveLength(1);

      // Once read, a new message may be mailed again after its own quiet period.
      const last = await send(ana.client, conversation.id, 'Fourth');
      await ben.client.post(`/api/conversations/${conversation.id}/read`, { read: { message_id: last.id } });
      await send(ana.client, conversation.id, 'Fifth');
      await sweepAfter(16);
      await waitForMail(app, ben.member.email, { count: 2 });
      expect(mailsTo(ben)[1]!.subject).toBe(`${nameOf(ana)} sent you a message`);
    });

    it('holds a message mail through quiet hours and sends none when the member turned it off', async () => {
      const quiet = await pair();
      const off = await pair();
      const control = await pair();
      const at = new Date(Date.now() + 16 * 60_000);
      const minute = at.getUTCHours() * 60 + at.getUTCMinutes();
      const clock = (m: number) =>
        `${String(Math.floor(((m + 1440) % 1440) / 60)).padStart(2, '0')}:${String((m + 1440) % 60).padStart(2, '0')}`;
      const settings = await quiet.ben.client.put('/api/push_settings', {
        quiet_hours: { start: clock(minute - 30), end: clock(minute + 30), time_zone: 'UTC' },
        hide_contents: false,
      });
      expect(settings.status).toBe(200);
      const preference = await off.ben.client.put('/api/notification_preferences', {
        preferences: [{ kind: 'message', delivery: 'off' }],
      });
      expect(preference.status).toBe(200);
      for (const { ana, conversation } of [quiet, off, control])
        await send(ana.client, conversation.id, 'Hi');

      await sweepInstantMail(app.context, at);
      await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
      await waitForMail(app, control.ben.member.email);
      expect(mailsTo(quiet.ben)).toEqual([]);
      expect(mailsTo(off.ben)).toEqual([]);

      // After the quiet hours, the held mail goes; the one turned off never does.
      await sweepInstantMail(app.context, new Date(at.getTime() + 45 * 60_000));
      await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
      await waitForMail(app, quiet.ben.member.email);
      expect(mailsTo(off.ben)).toEqual([]);
    });
  });

  it('lists the message kind among the preferences, pushed and mailed by default', async () => {
    const member = await memberWithClient(app);
    const { preferences } = (await member.client.get('/api/notification_preferences')).body;
    expect(preferences).toContainEqual({ kind: 'message', delivery: 'instant', push: true });
  });
});
