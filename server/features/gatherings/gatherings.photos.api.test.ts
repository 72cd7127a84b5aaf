import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, memberInGroup, memberOfAnotherGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

/** Afterwards (issue 30 part 5, ADR 057): photos of an ended event, as posts of its group, on its page. */
describe('event photos', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function createEvent(client: TestClient, groupId: string, day: string) {
    const res = await client.post('/api/group_events', {
      group_event: { group_id: groupId, title: 'Picnic', starts_at: `${day}T12:00`, time_zone: 'UTC' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  }

  /** A group whose Owner organised a picnic last year: a Poster went, another Poster said maybe. */
  async function world() {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const went = await memberInGroup(app, group.id, 'Poster');
    const maybe = await memberInGroup(app, group.id, 'Poster');
    const past = await createEvent(owner.client, group.id, '2025-06-01');
    await went.client.put(`/api/group_events/${past.id}/rsvp`, { rsvp: { status: 'going' } });
    await maybe.client.put(`/api/group_events/${past.id}/rsvp`, { rsvp: { status: 'maybe' } });
    return { owner, group, went, maybe, past };
  }

  const postPhotos = (client: TestClient, groupId: string | null, eventId: string) =>
    client.post('/api/posts', {
      post: { tldr: 'Our picnic', content: 'What a day', group_id: groupId, photos_of_event_id: eventId },
    });

  it('lets those who went add posts to an ended event, gathered on its page, newest first', async () => {
    const w = await world();
    const shown = await w.went.client.get(`/api/group_events/${w.past.id}`);
    expect(shown.body).toMatchObject({ ended: true, can_add_photos: true });
    expect((await w.maybe.client.get(`/api/group_events/${w.past.id}`)).body.can_add_photos).toBe(false);

    const first = await postPhotos(w.went.client, w.group.id, w.past.id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await postPhotos(w.owner.client, w.group.id, w.past.id);
    expect(second.status).toBe(201);
    // An ordinary post of the group is not among them.
    await w.went.client.post('/api/posts', { post: { tldr: 'Something else', group_id: w.group.id } });

    const photos = await w.maybe.client.get(`/api/group_events/${w.past.id}/photos`);
    expect(photos.status).toBe(200);
    expect(photos.body.map((post: { id: string }) => post.id)).toEqual([second.body.id, first.body.id]);
    // The posts are the group's: in its timeline, as any post.
    const timeline = await w.maybe.client.get(`/api/posts?group_id=${w.group.id}`);
    expect(timeline.body.map((post: { id: string }) => post.id)).toContain(first.body.id);
  });

  it('refuses photos of an event not ended, not gone to, or from another group, and hides them from outsiders', async () => {
    const w = await world();
    const message = ['is not an ended event of this group that you went to'];
    const maybe = await postPhotos(w.maybe.client, w.group.id, w.past.id);
    expect(maybe.status).toBe(422);
    expect(maybe.body.errors.photos_of_event_id).toEqual(message);
    const coming = await createEvent(w.owner.client, w.group.id, '2030-06-01');
    expect((await postPhotos(w.owner.client, w.group.id, coming.id)).status).toBe(422);
    expect((await postPhotos(w.went.client, null, w.past.id)).status).toBe(422);
    const outsider = await memberOfAnotherGroup(app);
    const theirs = await postPhotos(outsider.client, null, w.past.id);
    expect(theirs.body.errors.photos_of_event_id).toEqual(message);
    expect((await outsider.client.get(`/api/group_events/${w.past.id}/photos`)).status).toBe(404);
    // Nothing was linked by the refused attempts (a positive control: the page answers, empty).
    const photos = await w.went.client.get(`/api/group_events/${w.past.id}/photos`);
    expect(photos.status).toBe(200);
    expect(photos.body).toEqual([]);
  });
});
