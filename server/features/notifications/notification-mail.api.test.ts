import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_MESSAGES } from '../../../shared/api/notifications';
import type { MailMessage } from '../../adapters/mail';
import { notifications } from '../../db/schema';
import { createTestApp, type TestApp, waitForJobsDone, waitForMail } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { createPostAs } from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';
import { NOTIFICATION_MAIL_JOB, sendDailyDigests, sweepInstantMail } from './notifications.job';
import { signUnsubscribeToken, unsubscribeKey, UNSUBSCRIBE_TOKEN_DAYS } from './unsubscribe-token';

describe('notification mail', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const mailsTo = (email: string) => app.mailer.sent.filter((mail) => mail.to === email);
  const setDelivery = (client: TestClient, kind: string, delivery: string) =>
    client.put('/api/notification_preferences', { preferences: [{ kind, delivery }] });
  const tokenOf = (mail: MailMessage) => {
    const header = mail.headers?.['List-Unsubscribe'] ?? '';
    const match = header.match(/^<http:\/\/hearth\.test\/api\/unsubscribe\?token=([^>]+)>$/);
    if (!match) throw new Error(`no List-Unsubscribe in ${JSON.stringify(mail.headers)}`);
    return decodeURIComponent(match[1]!);
  };
  const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

  describe('instant', () => {
    it('mails an unread notification once, with one-click unsubscribe headers, and skips a read one', async () => {
      const reader = await memberWithClient(app);
      const quick = await memberWithClient(app);
      const slow = await memberWithClient(app);
      await setDelivery(quick.client, 'follow', 'instant');
      await setDelivery(slow.client, 'follow', 'instant');
      await reader.client.post(`/api/profiles/${quick.member.id}/follow`);
      await reader.client.post(`/api/profiles/${slow.member.id}/follow`);
      // `slow` reads it in the app before the mail goes: no mail for them.
      expect((await slow.client.post('/api/notifications/read_all')).body).toEqual({ count: 0 });

      await sweepInstantMail(app.context);
      const mail = await waitForMail(app, quick.member.email);
      await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
      const who = `${reader.member.firstName} ${reader.member.lastName}`;
      expect(mail.subject).toBe(`${who} started following you`);
      expect(mail.text).toContain(`http://hearth.test/profiles/${reader.member.id}`);
      expect(mail.text).toContain('http://hearth.test/unsubscribe?token=');
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mailsTo(slow.member.email)).toEqual([]);

      // A second sweep sends nothing more: the notification is marked mailed.
      await sweepInstantMail(app.context);
      await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
      expect(mailsTo(quick.member.email)).toHaveLength(1);
    });

    it('sends nothing for kinds the member wants daily or not at all', async () => {
      const author = await memberWithClient(app);
      const fan = await memberWithClient(app);
      const post = await createPostAs(author.client);
      await fan.client.post(`/api/posts/${post.id}/likes`); // post_like: daily by default
      await setDelivery(author.client, 'follow', 'off');
      await fan.client.post(`/api/profiles/${author.member.id}/follow`);
      await setDelivery(author.client, 'link_ready', 'instant');
      // Positive control: an instant kind for the same member goes out.
      await app.context.db.transaction(async (tx) => {
        const { notify } = await import('./notify');
        await notify(tx, { recipientId: author.member.id, actorId: null, kind: 'request_answered' });
      });
      await sweepInstantMail(app.context);
      const mail = await waitForMail(app, author.member.email);
      await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
      expect(mail.subject).toMatch(/^Your request to join .* was accepted$/);
      expect(mailsTo(author.member.email)).toHaveLength(1);
    });
  });

  describe('in the member’s language (ADR 055)', () => {
    it('mails a German member who chose German about a comment in German, Reply-To and all', async () => {
      const author = await memberWithClient(app);
      const friend = await memberWithClient(app);
      const chosen = await author.client.patch('/api/profile', { profile: { locale: 'de' } });
      expect(chosen.status).toBe(200);
      await setDelivery(author.client, 'comment', 'instant');
      const post = await createPostAs(author.client, { tldr: 'Wochenende in den Bergen' });
      await friend.client.post(`/api/posts/${post.id}/comments`, { comment: { content: 'Schön!' } });

      await sweepInstantMail(app.context);
      const mail = await waitForMail(app, author.member.email);
      await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
      const who = `${friend.member.firstName} ${friend.member.lastName}`;
      expect(mail.subject).toBe(`${who} hat deinen Beitrag „Wochenende in den Bergen“ kommentiert`);
      expect(mail.text).toContain(`In Hearth öffnen: http://hearth.test/post/${post.id}`);
      expect(mail.text).toContain('Antworte auf diese E-Mail, um zu kommentieren.');
      expect(mail.text).toContain('Abbestellen: http://hearth.test/unsubscribe?token=');
      expect(mail.text).not.toContain('Open in Hearth');
      expect(mail.replyTo).toMatch(/@/);
      expect(mail.html).toContain('<html lang="de">');
    });

    it('writes an Arabic digest, right to left, to a member whose browser speaks Arabic', async () => {
      const author = await memberWithClient(app);
      const fan = await memberWithClient(app);
      // Signing in from an Arabic browser makes Arabic the member's mail language while they choose none.
      const signIn = await app
        .client()
        .post(
          '/api/users/sign_in',
          { user: { email: author.member.email, password: author.member.password } },
          { headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' } },
        );
      expect(signIn.status).toBe(200);
      const post = await createPostAs(author.client, { tldr: 'رحلة نهاية الأسبوع' });
      await fan.client.post(`/api/posts/${post.id}/likes`);

      expect(await sendDailyDigests(app.context, tomorrow())).toBeGreaterThanOrEqual(1);
      const [digest] = mailsTo(author.member.email);
      expect(digest!.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><body /);
      expect(digest!.subject).toBe('ملخصك من Hearth: إشعار جديد واحد');
      const who = `${fan.member.firstName} ${fan.member.lastName}`;
      expect(digest!.text).toContain(`أُعجب ${who} بمنشورك «رحلة نهاية الأسبوع»`);
      expect(digest!.text).toContain('فتح صندوق الوارد: http://hearth.test/inbox');
    });
  });

  describe('daily digest', () => {
    it('sends each member one digest a day of what is unread and unmailed, and nothing when run again', async () => {
      const author = await memberWithClient(app);
      const fans = [await memberWithClient(app), await memberWithClient(app)];
      const post = await createPostAs(author.client, { tldr: 'Weekend hike' });
      for (const fan of fans) await fan.client.post(`/api/posts/${post.id}/likes`);
      await fans[0]!.client.post(`/api/profiles/${author.member.id}/follow`);

      const now = tomorrow();
      expect(await sendDailyDigests(app.context, now)).toBeGreaterThanOrEqual(1);
      const [digest, ...more] = mailsTo(author.member.email);
      expect(more).toEqual([]);
      expect(digest!.subject).toBe('Your Hearth digest: 2 new notifications');
      const [first, second] = fans.map((fan) => `${fan.member.firstName} ${fan.member.lastName}`);
      expect(digest!.text).toContain(`${second} and 1 other liked your post “Weekend hike”`);
      expect(digest!.text).toContain(`${first} started following you`);
      expect(tokenOf(digest!)).toBeTruthy();

      // The same day again, even with something new: no second digest.
      const late = await memberWithClient(app);
      await late.client.post(`/api/profiles/${author.member.id}/follow`);
      // It happens after that day's digest went out (the test's clock is a day ahead of the database's).
      await app.context.db
        .update(notifications)
        .set({ createdAt: now })
        .where(eq(notifications.actorId, late.member.id));
      expect(await sendDailyDigests(app.context, now)).toBe(0);
      expect(mailsTo(author.member.email)).toHaveLength(1);
      // The next day the new one goes out.
      await sendDailyDigests(app.context, new Date(now.getTime() + 24 * 60 * 60 * 1000));
      expect(mailsTo(author.member.email)).toHaveLength(2);
      expect(mailsTo(author.member.email)[1]!.subject).toBe('Your Hearth digest: 1 new notification');
    });

    it('sends at 07:00 on each member’s own clock: Tokyo, Kolkata, and UTC when the zone is unknown', async () => {
      const tokyo = await memberWithClient(app);
      const kolkata = await memberWithClient(app);
      const unknown = await memberWithClient(app);
      await tokyo.client.patch('/api/profile', { profile: { time_zone: 'Asia/Tokyo' } });
      await kolkata.client.patch('/api/profile', { profile: { time_zone: 'Asia/Kolkata' } });
      const fan = await memberWithClient(app);
      for (const member of [tokyo, kolkata, unknown]) {
        await fan.client.post(`/api/profiles/${member.member.id}/follow`);
      }
      // Their notifications date from the evening before, in UTC.
      const day = new Date(Date.UTC(2099, 0, 10));
      const evening = new Date(day.getTime() - 3 * 3600_000);
      for (const member of [tokyo, kolkata, unknown]) {
        await app.context.db
          .update(notifications)
          .set({ createdAt: evening })
          .where(eq(notifications.recipientId, member.member.id));
      }
      const at = (hour: number, minute = 0) => new Date(day.getTime() + (hour * 60 + minute) * 60_000);
      const got = () => [tokyo, kolkata, unknown].map((member) => mailsTo(member.member.email).length);

      // 22:00 UTC the day before is 07:00 in Tokyo: only Tokyo, and only once.
      await sendDailyDigests(app.context, new Date(day.getTime() - 2 * 3600_000));
      expect(got()).toEqual([1, 0, 0]);
      await sendDailyDigests(app.context, at(1, 15));
      expect(got()).toEqual([1, 0, 0]);
      // 01:30 UTC is 07:00 in Kolkata.
      await sendDailyDigests(app.context, at(1, 30));
      expect(got()).toEqual([1, 1, 0]);
      // 07:00 UTC for the member whose zone is unknown; a run later that day sends nobody anything.
      await sendDailyDigests(app.context, at(6, 45));
      expect(got()).toEqual([1, 1, 0]);
      await sendDailyDigests(app.context, at(7));
      expect(got()).toEqual([1, 1, 1]);
      await sendDailyDigests(app.context, at(12));
      expect(got()).toEqual([1, 1, 1]);
    });

    it('leaves out what was read in the app, and sends nothing when nothing is new', async () => {
      const author = await memberWithClient(app);
      const fan = await memberWithClient(app);
      await fan.client.post(`/api/profiles/${author.member.id}/follow`);
      await author.client.post('/api/notifications/read_all');
      const control = await memberWithClient(app);
      await fan.client.post(`/api/profiles/${control.member.id}/follow`);
      await sendDailyDigests(app.context, tomorrow());
      expect(mailsTo(control.member.email)).toHaveLength(1);
      expect(mailsTo(author.member.email)).toEqual([]);
    });
  });

  describe('unsubscribe', () => {
    async function instantMailFor(kind: 'follow') {
      const recipient = await memberWithClient(app);
      const actor = await memberWithClient(app);
      await setDelivery(recipient.client, kind, 'instant');
      await actor.client.post(`/api/profiles/${recipient.member.id}/follow`);
      await sweepInstantMail(app.context);
      return { recipient, mail: await waitForMail(app, recipient.member.email) };
    }

    const deliveries = async (client: TestClient) =>
      Object.fromEntries(
        (
          (await client.get('/api/notification_preferences')).body.preferences as Array<{
            kind: string;
            delivery: string;
          }>
        ).map((entry) => [entry.kind, entry.delivery]),
      );

    it('describes on GET without changing anything, and unsubscribes on the one-click POST without a session', async () => {
      const { recipient, mail } = await instantMailFor('follow');
      const token = tokenOf(mail);
      const visitor = app.client();
      const info = await visitor.get(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(info.status).toBe(200);
      expect(info.body).toEqual({ scope: 'follow', label: 'New followers' });
      expect((await deliveries(recipient.client)).follow).toBe('instant');

      // What a mail program sends (RFC 8058): a form body, no cookie, no XHR marker.
      const res = await fetch(`${app.url}/api/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ scope: 'follow', label: 'New followers', unsubscribed: true });
      const after = await deliveries(recipient.client);
      expect(after.follow).toBe('off');
      expect(after.comment).toBe('instant');
    });

    it('stops every notification mail with an "all" link (the digest’s)', async () => {
      const { client, member } = await memberWithClient(app);
      const token = signUnsubscribeToken(unsubscribeKey(app.context.config), {
        userId: member.id,
        scope: 'all',
      });
      const res = await app.client().post(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(200);
      expect(Object.values(await deliveries(client)).every((delivery) => delivery === 'off')).toBe(true);
    });

    it('refuses a tampered or expired link with a clear message', async () => {
      const { member, client } = await memberWithClient(app);
      const key = unsubscribeKey(app.context.config);
      const token = signUnsubscribeToken(key, { userId: member.id, scope: 'comment' });
      const [payload, signature] = token.split('.');
      const forged = Buffer.from(`${member.id}|all|9999999999`).toString('base64url');
      for (const bad of [`${forged}.${signature}`, `${payload}.${signature!.slice(0, -2)}AA`, 'nonsense']) {
        const res = await app.client().post(`/api/unsubscribe?token=${encodeURIComponent(bad)}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: UNSUBSCRIBE_MESSAGES.invalid });
      }
      const longAgo = new Date(Date.now() - (UNSUBSCRIBE_TOKEN_DAYS + 1) * 24 * 60 * 60 * 1000);
      const expired = signUnsubscribeToken(key, { userId: member.id, scope: 'comment' }, longAgo);
      const res = await app.client().get(`/api/unsubscribe?token=${encodeURIComponent(expired)}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: UNSUBSCRIBE_MESSAGES.expired });
      expect((await app.client().get('/api/unsubscribe')).status).toBe(422);
      expect((await deliveries(client)).comment).toBe('instant');
    });
  });
});
