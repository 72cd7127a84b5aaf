import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/domain/messages';
import { DATE_POLL_MESSAGES } from '../../../shared/domain/gatherings';
import { groupEvents, groupRoles } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { groupWithEveryRole } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

/** Date polls (issue 30 part 2, ADR 057) over HTTP against the test database (PGlite, or PostgreSQL). */
describe('date polls', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A group with its Owner, two Posters (Ana and Ben) and a Commentor, and a member of another group. */
  async function world() {
    const { poster: ana, secondPoster: ben, ...cast } = await groupWithEveryRole(app);
    return { ...cast, ana, ben };
  }

  type Poll = {
    id: string;
    post_id: string | null;
    event_id: string | null;
    candidates: Array<{ id: string; yes_count: number; if_need_be_count: number; best: boolean }>;
  };

  async function createPoll(client: TestClient, fields: Record<string, unknown>): Promise<Poll> {
    const res = await client.post('/api/date_polls', {
      date_poll: {
        title: 'Reading night',
        time_zone: 'Europe/Berlin',
        candidates: [
          { starts_at: '2030-05-04T19:00', ends_at: '2030-05-04T21:00' },
          { starts_at: '2030-05-11T19:00' },
          { starts_at: '2030-05-18T19:00' },
        ],
        ...fields,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  const answer = (client: TestClient, poll: Poll, marks: string[]) =>
    client.put(`/api/date_polls/${poll.id}/answers`, {
      answers: marks.map((mark, index) => ({ candidate_id: poll.candidates[index]!.id, answer: mark })),
    });

  const schedule = (client: TestClient, poll: Poll, index: number) =>
    client.post(`/api/date_polls/${poll.id}/schedule`, { candidate_id: poll.candidates[index]!.id });

  it('proposes dates in the zone, with a card in the group timeline and on the group’s list', async () => {
    const w = await world();
    const poll = await createPoll(w.ana.client, {
      group_id: w.group.id,
      description: 'Which **week**?',
      place: 'The library',
      capacity: 8,
    });
    const shown = await w.commentor.client.get(`/api/date_polls/${poll.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      title: 'Reading night',
      description: 'Which **week**?',
      place: 'The library',
      capacity: 8,
      time_zone: 'Europe/Berlin',
      event_id: null,
      can_schedule: false,
      respondents_count: 0,
      organizer: { username: w.ana.member.username },
    });
    expect(shown.body.candidates).toMatchObject([
      { starts_at: '2030-05-04T17:00:00.000Z', ends_at: '2030-05-04T19:00:00.000Z', best: false },
      // Without an end: an hour, as an event's.
      {
        starts_at: '2030-05-11T17:00:00.000Z',
        ends_at: '2030-05-11T18:00:00.000Z',
        starts_at_local: '2030-05-11T19:00',
      },
      { starts_at: '2030-05-18T17:00:00.000Z' },
    ]);
    const timeline = await w.owner.client.get(`/api/posts?group_id=${w.group.id}`);
    expect(timeline.body).toMatchObject([{ id: poll.post_id, date_poll_id: poll.id, event_id: null }]);
    const open = await w.commentor.client.get(`/api/groups/${w.group.id}/date_polls`);
    expect(open.body.map((p: { id: string }) => p.id)).toEqual([poll.id]);
  });

  it('keeps a date across a daylight-saving change at its time on the zone’s clocks', async () => {
    const organiser = await memberWithClient(app);
    const poll = await createPoll(organiser.client, {
      time_zone: 'Europe/Berlin',
      candidates: [{ starts_at: '2027-03-27T10:00' }, { starts_at: '2027-03-28T10:00' }],
    });
    const shown = (await organiser.client.get(`/api/date_polls/${poll.id}`)).body;
    // 10:00 in Berlin is 09:00 UTC the day before the clocks go forward, 08:00 UTC the day after.
    expect(shown.candidates.map((c: { starts_at: string }) => c.starts_at)).toEqual([
      '2027-03-27T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
    ]);
    expect(shown.candidates.map((c: { starts_at_local: string }) => c.starts_at_local)).toEqual([
      '2027-03-27T10:00',
      '2027-03-28T10:00',
    ]);
    const scheduled = await schedule(organiser.client, poll, 1);
    const event = await organiser.client.get(`/api/group_events/${scheduled.body.event_id}`);
    expect(event.body).toMatchObject({
      starts_at: '2027-03-28T08:00:00.000Z',
      starts_at_local: '2027-03-28T10:00',
      time_zone: 'Europe/Berlin',
    });
  });

  it('shows each date’s answers and counts, marks the best, and lets a member change a mark', async () => {
    const w = await world();
    const poll = await createPoll(w.ana.client, { group_id: w.group.id });
    expect((await answer(w.ben.client, poll, ['yes', 'no', 'if_need_be'])).status).toBe(200);
    expect((await answer(w.commentor.client, poll, ['no', 'if_need_be', 'yes'])).status).toBe(200);
    let shown = (await w.owner.client.get(`/api/date_polls/${poll.id}`)).body;
    // Both the first and the third have one yes; the third wins on "if need be".
    expect(shown.candidates.map((c: { best: boolean }) => c.best)).toEqual([false, false, true]);
    expect(shown.respondents_count).toBe(2);

    const changed = await w.commentor.client.put(`/api/date_polls/${poll.id}/answers`, {
      answers: [{ candidate_id: poll.candidates[0]!.id, answer: 'yes' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.candidates[0]).toMatchObject({
      yes_count: 2,
      no_count: 0,
      my_answer: 'yes',
      best: true,
    });
    // A date not named keeps its mark.
    expect(changed.body.candidates[2]).toMatchObject({ yes_count: 1, my_answer: 'yes', best: false });
    shown = (await w.owner.client.get(`/api/date_polls/${poll.id}`)).body;
    expect(
      shown.candidates[0].answers.map((a: { username: string; answer: string }) => [a.username, a.answer]),
    ).toEqual([
      [w.ben.member.username, 'yes'],
      [w.commentor.member.username, 'yes'],
    ]);
    expect(shown.candidates[0].my_answer).toBeNull();
  });

  it('refuses dates of another poll, a date named twice, and too few or too many dates', async () => {
    const w = await world();
    const poll = await createPoll(w.ana.client, { group_id: w.group.id });
    const other = await createPoll(w.ana.client, { group_id: w.group.id });
    const foreign = await w.ben.client.put(`/api/date_polls/${poll.id}/answers`, {
      answers: [{ candidate_id: other.candidates[0]!.id, answer: 'yes' }],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ answers: [DATE_POLL_MESSAGES.notACandidate] });
    const twice = await w.ben.client.put(`/api/date_polls/${poll.id}/answers`, {
      answers: [
        { candidate_id: poll.candidates[0]!.id, answer: 'yes' },
        { candidate_id: poll.candidates[0]!.id, answer: 'no' },
      ],
    });
    expect(twice.body.errors).toEqual({ answers: [DATE_POLL_MESSAGES.sameCandidate] });
    const scheduledElsewhere = await w.ana.client.post(`/api/date_polls/${poll.id}/schedule`, {
      candidate_id: other.candidates[0]!.id,
    });
    expect(scheduledElsewhere.body.errors).toEqual({ candidate_id: [DATE_POLL_MESSAGES.notACandidate] });
    const one = await w.ana.client.post('/api/date_polls', {
      date_poll: { title: 'x', candidates: [{ starts_at: '2030-01-01T10:00' }] },
    });
    expect(one.body.errors.candidates).toEqual(['must have at least 2 dates']);
    const many = await w.ana.client.post('/api/date_polls', {
      date_poll: {
        title: 'x',
        candidates: Array.from({ length: 21 }, (_, day) => ({
          starts_at: `2030-01-${String(day + 1).padStart(2, '0')}T10:00`,
        })),
      },
    });
    expect(many.body.errors.candidates).toEqual(['can have at most 20 dates']);
    const backwards = await w.ana.client.post('/api/date_polls', {
      date_poll: {
        title: 'x',
        candidates: [
          { starts_at: '2030-01-01T10:00', ends_at: '2030-01-01T09:00' },
          { starts_at: '2030-01-02T10:00' },
        ],
      },
    });
    expect(backwards.body.errors).toEqual({ ends_at: ['must not be before the start'] });
  });

  it('turns a date into the event: those who said yes going within the capacity, the poll closed, everyone told', async () => {
    const w = await world();
    const poll = await createPoll(w.ana.client, { group_id: w.group.id, place: 'The library', capacity: 2 });
    await answer(w.ben.client, poll, ['yes', 'no', 'no']);
    await answer(w.commentor.client, poll, ['yes', 'yes', 'no']);
    await answer(w.owner.client, poll, ['if_need_be', 'yes', 'no']);
    expect((await schedule(w.ben.client, poll, 0)).status).toBe(403);

    const done = await schedule(w.ana.client, poll, 0);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ can_schedule: false });
    const eventId = done.body.event_id as string;
    const event = (await w.ben.client.get(`/api/group_events/${eventId}`)).body;
    expect(event).toMatchObject({
      title: 'Reading night',
      place: 'The library',
      capacity: 2,
      starts_at: '2030-05-04T17:00:00.000Z',
      going_count: 2,
      waitlist_count: 1,
      my_rsvp: { status: 'going', waitlisted: false },
    });
    // The organiser and Ben (who said yes first) hold the two places; the Commentor waits.
    const commentorView = (await w.commentor.client.get(`/api/group_events/${eventId}`)).body;
    expect(commentorView.my_rsvp).toMatchObject({ status: 'going', waitlisted: true });
    expect((await w.owner.client.get(`/api/group_events/${eventId}`)).body.my_rsvp).toBeNull();
    // The event has its own card; the poll takes no more answers and is off the group's list.
    const timeline = await w.owner.client.get(`/api/posts?group_id=${w.group.id}`);
    expect(timeline.body[0]).toMatchObject({ event_id: eventId });
    const late = await answer(w.ben.client, poll, ['no', 'no', 'no']);
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ answers: [DATE_POLL_MESSAGES.scheduled] });
    expect((await w.owner.client.get(`/api/groups/${w.group.id}/date_polls`)).body).toEqual([]);

    for (const member of [w.ben, w.commentor, w.owner]) {
      const inbox = await member.client.get('/api/notifications');
      const line = inbox.body.find((n: { kind: string }) => n.kind === 'event_scheduled');
      expect(line, member.member.username).toMatchObject({
        text: `Test ${w.ana.member.username} set the date of “Reading night”`,
        path: `/events/${eventId}`,
      });
    }
  });

  it('makes one event when the organiser schedules twice at once', async () => {
    const w = await world();
    const poll = await createPoll(w.ana.client, { group_id: w.group.id });
    await answer(w.ben.client, poll, ['yes', 'yes', 'no']);
    const results = await Promise.all([0, 1, 0, 1, 2].map((index) => schedule(w.ana.client, poll, index)));
    expect(results.map((res) => res.status).sort()).toEqual([200, 422, 422, 422, 422]);
    const events = await app.context.db
      .select({ id: groupEvents.id })
      .from(groupEvents)
      .where(eq(groupEvents.groupId, w.group.id));
    expect(events).toHaveLength(1);
    const ben = (await w.ben.client.get(`/api/group_events/${events[0]!.id}`)).body;
    expect(ben.going_count).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 on every route to whoever may not see the poll, 403 to a Commentor proposing', async () => {
    const w = await world();
    const poll = await createPoll(w.ana.client, { group_id: w.group.id });
    const outsider = w.outsider.client;
    const calls = [
      outsider.get(`/api/date_polls/${poll.id}`),
      answer(outsider, poll, ['yes']),
      schedule(outsider, poll, 0),
      outsider.get(`/api/groups/${w.group.id}/date_polls`),
      outsider.post('/api/date_polls', {
        date_poll: {
          group_id: w.group.id,
          title: 'Sneaky',
          candidates: [{ starts_at: '2030-01-01T10:00' }, { starts_at: '2030-01-02T10:00' }],
        },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: MESSAGES.notFound });
    }
    const byCommentor = await w.commentor.client.post('/api/date_polls', {
      date_poll: {
        group_id: w.group.id,
        title: 'Mine',
        candidates: [{ starts_at: '2030-01-01T10:00' }, { starts_at: '2030-01-02T10:00' }],
      },
    });
    expect(byCommentor.status).toBe(403);
  });

  it('shows a poll without a group to the organiser’s followers only, and leaves out a member who left', async () => {
    const organiser = await memberWithClient(app);
    const follower = await memberWithClient(app);
    const stranger = await memberWithClient(app);
    expect((await follower.client.post(`/api/profiles/${organiser.member.id}/follow`)).status).toBe(200);
    const poll = await createPoll(organiser.client, { group_id: null });
    expect(poll.post_id).toBeNull();
    expect((await answer(follower.client, poll, ['yes', 'no', 'no'])).status).toBe(200);
    expect((await stranger.client.get(`/api/date_polls/${poll.id}`)).status).toBe(404);
    expect((await answer(stranger.client, poll, ['yes'])).status).toBe(404);

    const w = await world();
    const grouped = await createPoll(w.ana.client, { group_id: w.group.id });
    await answer(w.ben.client, grouped, ['yes', 'no', 'no']);
    await app.context.db.delete(groupRoles).where(eq(groupRoles.userId, w.ben.member.id));
    const done = await schedule(w.ana.client, grouped, 0);
    // Ben said yes but may no longer see the group: he is not made going.
    expect((await w.ana.client.get(`/api/group_events/${done.body.event_id}`)).body.going_count).toBe(1);
  });
});
