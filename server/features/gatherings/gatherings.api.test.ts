import { and, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/domain/messages';
import { groupEventRsvps, groupRoles, notifications } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { groupWithEveryRole, memberInGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

/** Gatherings (issue 30, ADR 057) over HTTP against the test database (PGlite, or PostgreSQL). */
describe('gatherings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function createEvent(client: TestClient, fields: Record<string, unknown>) {
    const res = await client.post('/api/group_events', {
      group_event: {
        title: 'Reading night',
        starts_at: '2030-05-04T19:00',
        ends_at: '2030-05-04T21:00',
        time_zone: 'Europe/Berlin',
        ...fields,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; post_id: string | null };
  }

  /** The events of an iCalendar file, as node-ical reads them. */
  const vevents = (file: string) =>
    Object.values(ical.sync.parseICS(file)).filter((item): item is VEvent => item?.type === 'VEVENT');

  const rsvp = (client: TestClient, id: string, status: string, guests?: number) =>
    client.put(`/api/group_events/${id}/rsvp`, {
      rsvp: { status, ...(guests === undefined ? {} : { guests }) },
    });

  it('creates an event in a group with its card in the timeline, and the organiser going', async () => {
    const w = await groupWithEveryRole(app);
    const event = await createEvent(w.poster.client, {
      group_id: w.group.id,
      description: 'Bring a **book**.',
      place: 'The library',
      map_url: 'https://maps.example.test/library',
      capacity: 10,
    });
    const shown = await w.commentor.client.get(`/api/group_events/${event.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      id: event.id,
      group_id: w.group.id,
      title: 'Reading night',
      description: 'Bring a **book**.',
      starts_at: '2030-05-04T17:00:00.000Z',
      ends_at: '2030-05-04T19:00:00.000Z',
      time_zone: 'Europe/Berlin',
      starts_at_local: '2030-05-04T19:00',
      place: 'The library',
      capacity: 10,
      going_count: 1,
      waitlist_count: 0,
      spots_left: 9,
      my_rsvp: null,
      can_edit: false,
      cancelled: false,
      organizer: { username: w.poster.member.username },
    });
    expect(shown.body.answers).toMatchObject([{ username: w.poster.member.username, status: 'going' }]);

    const timeline = await w.owner.client.get(`/api/posts?group_id=${w.group.id}`);
    expect(timeline.body).toMatchObject([{ id: event.post_id, event_id: event.id, tldr: 'Reading night' }]);
    const upcoming = await w.commentor.client.get(`/api/groups/${w.group.id}/events`);
    expect(upcoming.body.map((e: { id: string }) => e.id)).toEqual([event.id]);
    const mine = await w.owner.client.get('/api/group_events');
    expect(mine.body.map((e: { id: string }) => e.id)).toContain(event.id);
  });

  it('answers 404 on every route to a member who may not see the group, 403 to a Commentor creating', async () => {
    const w = await groupWithEveryRole(app);
    const event = await createEvent(w.owner.client, { group_id: w.group.id });
    const outsider = w.outsider.client;
    const calls = [
      outsider.get(`/api/group_events/${event.id}`),
      rsvp(outsider, event.id, 'going'),
      outsider.get(`/api/group_events/${event.id}/calendar.ics`),
      outsider.get(`/api/groups/${w.group.id}/events`),
      outsider.patch(`/api/group_events/${event.id}`, { group_event: { title: 'Mine now' } }),
      outsider.post(`/api/group_events/${event.id}/cancellation`),
      outsider.post('/api/group_events', {
        group_event: { group_id: w.group.id, title: 'Sneaky', starts_at: '2030-01-01T10:00' },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: MESSAGES.notFound });
    }
    const mine = await outsider.get('/api/group_events');
    expect(mine.body.map((e: { id: string }) => e.id)).not.toContain(event.id);
    const byCommentor = await w.commentor.client.post('/api/group_events', {
      group_event: { group_id: w.group.id, title: 'Mine', starts_at: '2030-01-01T10:00' },
    });
    expect(byCommentor.status).toBe(403);
    // A Commentor answers, though: answering is not posting.
    expect((await rsvp(w.commentor.client, event.id, 'maybe')).status).toBe(200);
  });

  it("shows an event without a group to the organiser's followers only", async () => {
    const organiser = await memberWithClient(app);
    const follower = await memberWithClient(app);
    const stranger = await memberWithClient(app);
    expect((await follower.client.post(`/api/profiles/${organiser.member.id}/follow`)).status).toBe(200);
    const event = await createEvent(organiser.client, { group_id: null });
    expect(event.post_id).toBeNull();
    expect((await follower.client.get(`/api/group_events/${event.id}`)).status).toBe(200);
    expect((await rsvp(follower.client, event.id, 'going')).body.going_count).toBe(2);
    expect((await stranger.client.get(`/api/group_events/${event.id}`)).status).toBe(404);
    expect((await rsvp(stranger.client, event.id, 'going')).status).toBe(404);
  });

  it('keeps a waiting list beyond the capacity that moves up by itself, and tells who moved up', async () => {
    const w = await groupWithEveryRole(app);
    const event = await createEvent(w.owner.client, {
      group_id: w.group.id,
      capacity: 2,
      guests_allowed: true,
    });
    const second = await memberInGroup(app, w.group.id, 'Poster');
    const third = await memberInGroup(app, w.group.id, 'Poster');
    expect((await rsvp(w.poster.client, event.id, 'going')).body).toMatchObject({
      going_count: 2,
      spots_left: 0,
      my_rsvp: { status: 'going', waitlisted: false },
    });
    const waiting = await rsvp(second.client, event.id, 'going', 1);
    expect(waiting.body).toMatchObject({ going_count: 2, waitlist_count: 2, my_rsvp: { waitlisted: true } });
    const behind = await rsvp(third.client, event.id, 'going');
    expect(behind.body).toMatchObject({ waitlist_count: 3, my_rsvp: { waitlisted: true } });

    // One place frees: the first in line needs two (with a guest), so nobody overtakes them.
    expect((await rsvp(w.poster.client, event.id, 'declined')).body).toMatchObject({ going_count: 1 });
    expect((await w.owner.client.get(`/api/group_events/${event.id}`)).body.waitlist_count).toBe(3);
    // The organiser raises the capacity: both waiting answers move up, and each is told.
    const raised = await w.owner.client.patch(`/api/group_events/${event.id}`, {
      group_event: { capacity: 4 },
    });
    expect(raised.body).toMatchObject({ going_count: 4, waitlist_count: 0 });
    for (const member of [second, third]) {
      const inbox = await member.client.get('/api/notifications');
      expect(inbox.body.map((n: { kind: string }) => n.kind)).toContain('event_promoted');
      const line = inbox.body.find((n: { kind: string }) => n.kind === 'event_promoted');
      expect(line).toMatchObject({ path: `/events/${event.id}`, subject: { type: 'event', id: event.id } });
    }
  });

  it('refuses guests where the organiser allows none, and answers on a cancelled event', async () => {
    const w = await groupWithEveryRole(app);
    const event = await createEvent(w.owner.client, { group_id: w.group.id });
    const guests = await rsvp(w.poster.client, event.id, 'going', 2);
    expect(guests.status).toBe(422);
    expect(guests.body).toEqual({ errors: { guests: ['are not allowed at this event'] } });
    expect((await w.poster.client.post(`/api/group_events/${event.id}/cancellation`)).status).toBe(403);
    const cancelled = await w.owner.client.post(`/api/group_events/${event.id}/cancellation`);
    expect(cancelled.body.cancelled).toBe(true);
    const late = await rsvp(w.poster.client, event.id, 'going');
    expect(late.status).toBe(422);
    expect(late.body).toEqual({ errors: { status: ['This event was cancelled.'] } });
    expect((await w.owner.client.get(`/api/groups/${w.group.id}/events`)).body).toEqual([]);
  });

  it('tells everyone who answered what an edit changed, and of a cancellation', async () => {
    const w = await groupWithEveryRole(app);
    const event = await createEvent(w.owner.client, { group_id: w.group.id, place: 'Hall' });
    await rsvp(w.poster.client, event.id, 'maybe');
    await rsvp(w.commentor.client, event.id, 'declined');
    const edited = await w.owner.client.patch(`/api/group_events/${event.id}`, {
      group_event: { starts_at: '2030-05-04T20:00', ends_at: '2030-05-04T22:00', place: 'Garden' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ starts_at_local: '2030-05-04T20:00', place: 'Garden' });
    for (const member of [w.poster, w.commentor]) {
      // The event's card brings group news too, whenever the group's fan-out runs: the edit's line
      // is found by its kind, not by its place in the inbox.
      const inbox = await member.client.get('/api/notifications');
      const line = inbox.body.find((n: { kind: string }) => n.kind === 'event_changed');
      expect(line).toMatchObject({ kind: 'event_changed', path: `/events/${event.id}` });
      expect(line.text).toContain('changed the time and the place of the event “Reading night”');
    }
    // An edit that changes nothing tells nobody.
    await w.owner.client.patch(`/api/group_events/${event.id}`, { group_event: { place: 'Garden' } });
    await w.owner.client.post(`/api/group_events/${event.id}/cancellation`);
    const rows = await app.context.db
      .select({ kind: notifications.kind, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.recipientId, w.poster.member.id), eq(notifications.eventId, event.id)));
    expect(rows.map((row) => row.data)).toEqual(
      expect.arrayContaining([
        { title: 'Reading night', changes: ['time', 'place'] },
        { title: 'Reading night', cancelled: true },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('never overfills the capacity when many answer at once', async () => {
    const w = await groupWithEveryRole(app);
    const capacity = 4;
    const event = await createEvent(w.owner.client, { group_id: w.group.id, capacity });
    const members = await Promise.all(
      Array.from({ length: 12 }, () => memberInGroup(app, w.group.id, 'Poster')),
    );
    const answers = await Promise.all(members.map((member) => rsvp(member.client, event.id, 'going')));
    expect(answers.map((res) => res.status)).toEqual(members.map(() => 200));
    const rows = await app.context.db
      .select()
      .from(groupEventRsvps)
      .where(eq(groupEventRsvps.eventId, event.id));
    const placed = rows.filter((row) => row.status === 'going' && !row.waitlisted);
    expect(placed).toHaveLength(capacity);
    expect(rows.filter((row) => row.waitlisted)).toHaveLength(13 - capacity);
    const shown = await w.owner.client.get(`/api/group_events/${event.id}`);
    expect(shown.body).toMatchObject({ going_count: capacity, waitlist_count: 13 - capacity, spots_left: 0 });
    // Those who got places answered first: everyone waiting answered after the last placed one.
    const lastPlaced = Math.max(...placed.map((row) => row.goingSince!.getTime()));
    expect(rows.filter((row) => row.waitlisted).every((row) => row.goingSince!.getTime() >= lastPlaced)).toBe(
      true,
    );
  });

  it('keeps wall-clock times across a daylight-saving change (Europe/Berlin, last Sunday of March)', async () => {
    const w = await groupWithEveryRole(app);
    const before = await createEvent(w.owner.client, {
      group_id: w.group.id,
      starts_at: '2027-03-27T10:00',
      ends_at: '2027-03-27T11:00',
    });
    const after = await createEvent(w.owner.client, {
      group_id: w.group.id,
      starts_at: '2027-03-28T10:00',
      ends_at: '2027-03-28T11:00',
    });
    const across = await createEvent(w.owner.client, {
      group_id: w.group.id,
      starts_at: '2027-03-27T20:00',
      ends_at: '2027-03-28T10:00',
    });
    const get = async (id: string) => (await w.owner.client.get(`/api/group_events/${id}`)).body;
    expect(await get(before.id)).toMatchObject({
      starts_at: '2027-03-27T09:00:00.000Z',
      starts_at_local: '2027-03-27T10:00',
    });
    expect(await get(after.id)).toMatchObject({
      starts_at: '2027-03-28T08:00:00.000Z',
      starts_at_local: '2027-03-28T10:00',
    });
    const night = await get(across.id);
    // 14 hours on the clock, 13 in fact: the clocks skipped from 02:00 to 03:00.
    expect(Date.parse(night.ends_at) - Date.parse(night.starts_at)).toBe(13 * 3600_000);
    expect(night.ends_at_local).toBe('2027-03-28T10:00');
    // Moving only the date keeps the hour on the clocks: 10:00 in summer time is 08:00 UTC.
    const moved = await w.owner.client.patch(`/api/group_events/${before.id}`, {
      group_event: { starts_at: '2027-04-03T10:00', ends_at: '2027-04-03T11:00' },
    });
    expect(moved.body).toMatchObject({
      starts_at: '2027-04-03T08:00:00.000Z',
      starts_at_local: '2027-04-03T10:00',
    });
    // An instant with an offset is taken as it is.
    const exact = await createEvent(w.owner.client, {
      group_id: w.group.id,
      starts_at: '2027-03-28T10:00:00+02:00',
      ends_at: '2027-03-28T12:00:00Z',
    });
    expect(await get(exact.id)).toMatchObject({
      starts_at: '2027-03-28T08:00:00.000Z',
      ends_at: '2027-03-28T12:00:00.000Z',
    });
  });

  it('refuses impossible times, unknown zones and an end before the start with field errors', async () => {
    const w = await groupWithEveryRole(app);
    const post = (fields: Record<string, unknown>) =>
      w.owner.client.post('/api/group_events', {
        group_event: { group_id: w.group.id, title: 'Bad', starts_at: '2030-01-01T10:00', ...fields },
      });
    expect((await post({ starts_at: '2030-02-31T10:00' })).body).toEqual({
      errors: { starts_at: ['is not a date and time (YYYY-MM-DDTHH:mm, or an ISO 8601 instant)'] },
    });
    expect((await post({ time_zone: 'Mars/Olympus' })).body).toEqual({
      errors: { time_zone: ['is not a time zone'] },
    });
    expect((await post({ ends_at: '2030-01-01T09:00' })).body).toEqual({
      errors: { ends_at: ['must not be before the start'] },
    });
    expect((await post({ map_url: 'javascript:alert(1)' })).status).toBe(422);
    expect((await post({ capacity: 0 })).status).toBe(422);
  });

  it('serves an .ics that a calendar library reads back, all-day events as dates', async () => {
    const w = await groupWithEveryRole(app);
    const timed = await createEvent(w.owner.client, {
      group_id: w.group.id,
      title: 'Spring walk',
      description: 'Meet at the gate',
      place: 'North gate',
      starts_at: '2027-03-28T10:00',
      ends_at: '2027-03-28T12:30',
    });
    const res = await w.poster.client.get(`/api/group_events/${timed.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const parsed = vevents(res.body as string);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]!.summary).toBe('Spring walk');
    expect(parsed[0]!.location).toBe('North gate');
    expect(parsed[0]!.description).toBe('Meet at the gate');
    expect(parsed[0]!.start.toISOString()).toBe('2027-03-28T08:00:00.000Z');
    expect(parsed[0]!.end?.toISOString()).toBe('2027-03-28T10:30:00.000Z');
    expect(parsed[0]!.uid).toContain(timed.id);

    const holiday = await createEvent(w.owner.client, {
      group_id: w.group.id,
      title: 'Camp',
      all_day: true,
      starts_at: '2027-07-10',
      ends_at: '2027-07-12',
    });
    const shown = (await w.owner.client.get(`/api/group_events/${holiday.id}`)).body;
    expect(shown).toMatchObject({
      all_day: true,
      starts_at_local: '2027-07-10T00:00',
      ends_at_local: '2027-07-12T00:00',
    });
    const file = (await w.owner.client.get(`/api/group_events/${holiday.id}/calendar.ics`)).body as string;
    expect(file).toContain('DTSTART;VALUE=DATE:20270710');
    expect(file).toContain('DTEND;VALUE=DATE:20270713');
    const [camp] = vevents(file);
    expect(camp!.datetype).toBe('date');
  });

  it('keeps a private feed of the events its owner may see now and has not declined, until revoked', async () => {
    const w = await groupWithEveryRole(app);
    const kept = await createEvent(w.owner.client, { group_id: w.group.id, title: 'Kept' });
    const declined = await createEvent(w.owner.client, { group_id: w.group.id, title: 'Declined' });
    const elsewhere = await createEvent(w.outsider.client, {
      group_id: w.outsider.otherGroupId,
      title: 'Elsewhere',
    });
    expect((await rsvp(w.poster.client, declined.id, 'declined')).status).toBe(200);
    expect((await w.poster.client.get('/api/calendar_feed')).body).toEqual({
      active: false,
      created_at: null,
    });
    const made = await w.poster.client.post('/api/calendar_feed');
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/\/api\/calendar_feeds\/[A-Za-z0-9_-]{40,}\.ics$/);
    const path = new URL(made.body.url as string).pathname;
    // Calendar apps send no session: the address is the key.
    const visitor = app.client();
    const feed = await visitor.get(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const titles = vevents(feed.body as string).map((event) => event.summary);
    expect(titles).toContain('Kept');
    expect(titles).not.toContain('Declined');
    expect(titles).not.toContain('Elsewhere');
    expect(elsewhere.id).toBeTruthy();
    expect(kept.id).toBeTruthy();

    // Out of the group, its events leave the feed at the next fetch.
    await app.context.db
      .delete(groupRoles)
      .where(and(eq(groupRoles.groupId, w.group.id), eq(groupRoles.userId, w.poster.member.id)));
    expect(vevents((await visitor.get(path)).body as string).map((event) => event.summary)).not.toContain(
      'Kept',
    );

    // A new address replaces the old; revoking ends the new one.
    const renewed = await w.poster.client.post('/api/calendar_feed');
    expect((await visitor.get(path)).status).toBe(404);
    const newPath = new URL(renewed.body.url as string).pathname;
    expect((await visitor.get(newPath)).status).toBe(200);
    expect((await w.poster.client.delete('/api/calendar_feed')).body).toEqual({
      active: false,
      created_at: null,
    });
    expect((await visitor.get(newPath)).status).toBe(404);
  });
});
