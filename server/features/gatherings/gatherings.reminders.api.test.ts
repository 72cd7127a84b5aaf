import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, memberInGroup, memberOfAnotherGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp, waitForJobsDone, waitForMail } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { NOTIFICATION_MAIL_JOB, sweepInstantMail } from '../notifications/notifications.job';
import { sendDueReminders } from './gatherings.reminders.job';

/**
 * Reminders before events (issue 30 part 4, ADR 057) over HTTP, the sweep run at chosen instants
 * (a clock the test moves). The event is on Sunday 31 March 2030 at 19:00 in Berlin, the day after
 * Europe's clocks go forward: 17:00 UTC; the day before is Saturday 19:00 there, 18:00 UTC.
 */
describe('event reminders', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const DAY_BEFORE = new Date('2030-03-30T18:00:00Z');
  const HOUR_BEFORE = new Date('2030-03-31T16:00:00Z');
  const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);

  async function world() {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const going = await memberInGroup(app, group.id, 'Poster');
    const maybe = await memberInGroup(app, group.id, 'Commentor');
    const declined = await memberInGroup(app, group.id, 'Commentor');
    const res = await owner.client.post('/api/group_events', {
      group_event: {
        group_id: group.id,
        title: 'Reading night',
        starts_at: '2030-03-31T19:00',
        time_zone: 'Europe/Berlin',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const event = res.body as { id: string };
    await rsvp(going.client, event.id, 'going');
    await rsvp(maybe.client, event.id, 'maybe');
    await rsvp(declined.client, event.id, 'declined');
    return { owner, group, going, maybe, declined, event };
  }

  const rsvp = async (client: TestClient, id: string, status: string) =>
    expect((await client.put(`/api/group_events/${id}/rsvp`, { rsvp: { status } })).status).toBe(200);

  /** The reminders a member was sent about an event, as `lead`s, oldest first. */
  async function remindersOf(userId: string, eventId: string): Promise<string[]> {
    const rows = await app.context.db
      .select({ data: notifications.data, createdAt: notifications.createdAt })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, userId),
          eq(notifications.eventId, eventId),
          eq(notifications.kind, 'event_reminder'),
        ),
      )
      .orderBy(notifications.createdAt);
    return rows.map((row) => String(row.data.lead));
  }

  it('reminds those going or maybe (the organiser too) the day before and an hour before, once each', async () => {
    const w = await world();
    const people = [w.owner, w.going, w.maybe];
    // A minute before the day before: nothing; at the moment: each once; again: nothing more.
    expect(await sendDueReminders(app.context, minutes(DAY_BEFORE, -1))).toBe(0);
    for (const person of people) expect(await remindersOf(person.member.id, w.event.id)).toEqual([]);
    await sendDueReminders(app.context, DAY_BEFORE);
    await sendDueReminders(app.context, minutes(DAY_BEFORE, 30));
    for (const person of people)
      expect(await remindersOf(person.member.id, w.event.id)).toEqual(['day_before']);
    await sendDueReminders(app.context, HOUR_BEFORE);
    await sendDueReminders(app.context, minutes(HOUR_BEFORE, 1));
    for (const person of people) {
      expect(await remindersOf(person.member.id, w.event.id)).toEqual(['day_before', 'hour_before']);
    }
    expect(await remindersOf(w.declined.member.id, w.event.id)).toEqual([]);

    // The event's card in the group brings its own news, whenever the group's fan-out runs: only
    // the reminders are read here, newest first.
    const inbox = await w.going.client.get('/api/notifications');
    const reminders = (inbox.body as Array<{ kind: string }>).filter(
      (line) => line.kind === 'event_reminder',
    );
    expect(reminders).toHaveLength(2);
    expect(reminders[0]).toMatchObject({
      kind: 'event_reminder',
      text: 'Reminder: “Reading night” starts in an hour',
      path: `/events/${w.event.id}`,
    });
    expect(reminders[1]).toMatchObject({
      kind: 'event_reminder',
      text: 'Reminder: “Reading night” is tomorrow',
    });
  });

  it('mails a reminder at once in the member’s language', async () => {
    const w = await world();
    expect((await w.maybe.client.patch('/api/profile', { profile: { locale: 'de' } })).status).toBe(200);
    await sendDueReminders(app.context, HOUR_BEFORE);
    await sweepInstantMail(app.context);
    const mail = await waitForMail(app, w.maybe.member.email);
    await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
    expect(mail.subject).toBe('Erinnerung: „Reading night“ beginnt in einer Stunde');
    expect(mail.text).toContain(`http://hearth.test/events/${w.event.id}`);
  });

  it('sends each reminder once when two workers sweep at the same moment', async () => {
    const w = await world();
    const counts = await Promise.all([
      sendDueReminders(app.context, DAY_BEFORE),
      sendDueReminders(app.context, DAY_BEFORE),
      sendDueReminders(app.context, DAY_BEFORE),
    ]);
    // Three people to remind (other tests' events may be due at this instant too).
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(3);
    for (const person of [w.owner, w.going, w.maybe]) {
      expect(await remindersOf(person.member.id, w.event.id)).toEqual(['day_before']);
    }
  });

  it('moves the reminders with an edited time, and sends none for a cancelled event or a declined answer', async () => {
    const w = await world();
    // An hour later on the same evening: the old moments pass in silence, the new ones remind.
    const edited = await w.owner.client.patch(`/api/group_events/${w.event.id}`, {
      group_event: { starts_at: '2030-03-31T20:00', ends_at: '2030-03-31T21:00' },
    });
    expect(edited.status).toBe(200);
    await sendDueReminders(app.context, DAY_BEFORE);
    expect(await remindersOf(w.going.member.id, w.event.id)).toEqual([]);
    await sendDueReminders(app.context, minutes(DAY_BEFORE, 60));
    expect(await remindersOf(w.going.member.id, w.event.id)).toEqual(['day_before']);

    // Going turned to declined: nothing more for them; the others still hear.
    await rsvp(w.going.client, w.event.id, 'declined');
    await sendDueReminders(app.context, minutes(HOUR_BEFORE, 60));
    expect(await remindersOf(w.going.member.id, w.event.id)).toEqual(['day_before']);
    expect(await remindersOf(w.maybe.member.id, w.event.id)).toEqual(['day_before', 'hour_before']);

    const cancelled = await world();
    await cancelled.owner.client.post(`/api/group_events/${cancelled.event.id}/cancellation`);
    await sendDueReminders(app.context, DAY_BEFORE);
    await sendDueReminders(app.context, HOUR_BEFORE);
    // The sweep ran (a positive control: other events' reminders went out) but this one told nobody.
    expect(await remindersOf(w.maybe.member.id, w.event.id)).toHaveLength(2);
    for (const person of [cancelled.owner, cancelled.going, cancelled.maybe]) {
      expect(await remindersOf(person.member.id, cancelled.event.id)).toEqual([]);
    }
  });

  it('skips a reminder whose window closed while no worker ran, and sends one still open late', async () => {
    const w = await world();
    // Down from before the day before until half an hour before the start.
    await sendDueReminders(app.context, minutes(HOUR_BEFORE, 30));
    expect(await remindersOf(w.going.member.id, w.event.id)).toEqual(['hour_before']);
  });

  it('lets each member choose per event, and a default in their settings', async () => {
    const w = await world();
    const path = `/api/group_events/${w.event.id}/reminders`;
    const chosen = await w.going.client.put(path, { reminders: { choice: 'hour_before' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.my_rsvp).toMatchObject({ reminders: 'hour_before', default_reminders: 'both' });
    expect((await w.maybe.client.put(path, { reminders: { choice: 'off' } })).status).toBe(200);
    // The owner's default is the day before only; their choice for this event is the default.
    expect((await w.owner.client.get('/api/event_reminders')).body).toEqual({ choice: 'both' });
    const saved = await w.owner.client.put('/api/event_reminders', {
      event_reminders: { choice: 'day_before' },
    });
    expect(saved.body).toEqual({ choice: 'day_before' });
    expect((await w.owner.client.get(`/api/group_events/${w.event.id}`)).body.my_rsvp).toMatchObject({
      reminders: 'default',
      default_reminders: 'day_before',
    });

    await sendDueReminders(app.context, DAY_BEFORE);
    await sendDueReminders(app.context, HOUR_BEFORE);
    expect(await remindersOf(w.going.member.id, w.event.id)).toEqual(['hour_before']);
    expect(await remindersOf(w.maybe.member.id, w.event.id)).toEqual([]);
    expect(await remindersOf(w.owner.member.id, w.event.id)).toEqual(['day_before']);

    // Back to the default follows it again.
    const back = await w.maybe.client.put(path, { reminders: { choice: 'default' } });
    expect(back.body.my_rsvp).toMatchObject({ reminders: 'default' });
  });

  it('refuses reminders without an answer that is reminded, bad choices, and members who may not see', async () => {
    const w = await world();
    const path = `/api/group_events/${w.event.id}/reminders`;
    const declined = await w.declined.client.put(path, { reminders: { choice: 'both' } });
    expect(declined.status).toBe(422);
    expect(declined.body.errors.choice).toEqual(['are for those going or maybe: answer first']);
    const stranger = await memberInGroup(app, w.group.id, 'Commentor');
    expect((await stranger.client.put(path, { reminders: { choice: 'both' } })).status).toBe(422);
    const bad = await w.going.client.put(path, { reminders: { choice: 'weekly' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.choice[0]).toMatch(/^must be one of off, day_before, hour_before, both, default/);
    const outsider = await memberOfAnotherGroup(app);
    expect((await outsider.client.put(path, { reminders: { choice: 'both' } })).status).toBe(404);
    expect(
      (await w.going.client.put('/api/event_reminders', { event_reminders: { choice: 'sometimes' } })).status,
    ).toBe(422);
  });
});
