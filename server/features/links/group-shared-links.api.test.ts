import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES } from '../../../shared/domain/link-texts';
import { follows, groups, links } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, memberInGroup, memberOfAnotherGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { openStream, type Stream } from '../../../tests/support/event-stream';
import type { LiveEvent } from '../../../shared/api/live-events';
import { membersWhoMaySeeLink } from '../events/live-audience';
import { indexLink } from '../search/search.indexer';
import { NOT_A_GROUP_TO_SHARE_IN } from './links.service';

/**
 * Links shared into a group (ADR 046), over HTTP against the test database: who may share, who
 * sees them (everywhere links are read), and that leaving the group or a block ends it.
 */
describe('links shared into a group', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  let counter = 0;
  const uniqueUrl = () => `https://club.example.test/page-${Date.now()}-${counter++}`;

  /** A group with its Owner, a Poster, a Commentor, and an outsider who is a Poster of another group. */
  async function world() {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const poster = await memberInGroup(app, group.id, 'Poster');
    const commentor = await memberInGroup(app, group.id, 'Commentor');
    const outsider = await memberOfAnotherGroup(app);
    return { owner, group, poster, commentor, outsider };
  }

  async function share(client: TestClient, groupId: string, extra: Record<string, unknown> = {}) {
    const res = await client.post('/api/links', {
      url: uniqueUrl(),
      comment: 'For the club',
      visibility: 'group',
      group_id: groupId,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  /** As the reading pipeline leaves a link once done: a title and its summaries. */
  async function markRead(linkId: string, title: string) {
    await app.context.db
      .update(links)
      .set({
        status: 'ready',
        title,
        sentenceSummary: `${title}, in one sentence.`,
        paragraphSummary: `${title}, in a paragraph.`,
      })
      .where(eq(links.id, linkId));
  }

  const ids = (body: Array<{ id: string }>) => body.map((item) => item.id);
  const groupLinks = (client: TestClient, groupId: string, query = '') =>
    client.get(`/api/links?group_id=${groupId}${query}`);

  async function membershipId(owner: TestClient, groupId: string, userId: string) {
    const roles = await owner.get(`/api/groups/${groupId}/group_roles`);
    return (roles.body as Array<{ id: string; user_id: string }>).find((role) => role.user_id === userId)!.id;
  }

  it("lets a Poster share a link into their group; it carries the group's id and name", async () => {
    const w = await world();
    const id = await share(w.poster.client, w.group.id);
    const res = await w.commentor.client.get(`/api/links/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      visibility: 'group',
      group_id: w.group.id,
      group_name: w.group.name,
      is_owner: false,
    });
    const [row] = await app.context.db.select().from(links).where(eq(links.id, id));
    expect(row).toMatchObject({ visibility: 'group', groupId: w.group.id });
  });

  it('keeps the spec’s three visibilities as they were: no group, group_id and group_name null', async () => {
    const { client } = await memberWithClient(app);
    const res = await client.post('/api/links', { url: uniqueUrl(), comment: null, visibility: 'public' });
    expect(res.status).toBe(201);
    expect((await client.get(`/api/links/${res.body.id}`)).body).toMatchObject({
      visibility: 'public',
      group_id: null,
      group_name: null,
    });
  });

  it('wants group_id with the group visibility and refuses it with any other (422, field errors)', async () => {
    const w = await world();
    const missing = await w.poster.client.post('/api/links', { url: uniqueUrl(), visibility: 'group' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ errors: { group_id: [LINK_MESSAGES.groupRequired] } });
    const nulled = await w.poster.client.post('/api/links', {
      url: uniqueUrl(),
      visibility: 'group',
      group_id: null,
    });
    expect(nulled.body).toEqual({ errors: { group_id: [LINK_MESSAGES.groupRequired] } });
    for (const visibility of ['private', 'public', 'published']) {
      const res = await w.poster.client.post('/api/links', {
        url: uniqueUrl(),
        visibility,
        group_id: w.group.id,
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { group_id: [LINK_MESSAGES.groupOnlyWithGroup] } });
    }
    const garbled = await w.poster.client.post('/api/links', {
      url: uniqueUrl(),
      visibility: 'group',
      group_id: 'not-an-id',
    });
    expect(garbled.status).toBe(422);
    expect(Object.keys(garbled.body.errors)).toEqual(['group_id']);
  });

  it('answers a Commentor, an outsider and an unknown group alike (422), and stores nothing', async () => {
    const w = await world();
    const refused = { errors: { group_id: [NOT_A_GROUP_TO_SHARE_IN] } };
    const attempts: Array<[TestClient, string]> = [
      [w.commentor.client, w.group.id],
      [w.outsider.client, w.group.id],
      [w.poster.client, '00000000-0000-4000-8000-000000000000'],
    ];
    for (const [client, groupId] of attempts) {
      const res = await client.post('/api/links', {
        url: uniqueUrl(),
        visibility: 'group',
        group_id: groupId,
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(refused);
    }
    expect(await app.context.db.select().from(links).where(eq(links.groupId, w.group.id))).toEqual([]);
    // The positive control: the same call by a Poster is taken.
    await share(w.poster.client, w.group.id);
  });

  it("shows the link to the group's members only: not to a member of another group, nor a follower", async () => {
    const w = await world();
    const follower = await memberWithClient(app);
    await app.context.db
      .insert(follows)
      .values({ followerId: follower.member.id, followeeId: w.poster.member.id });
    const id = await share(w.poster.client, w.group.id);

    for (const client of [w.owner.client, w.commentor.client, w.poster.client]) {
      expect((await client.get(`/api/links/${id}`)).status).toBe(200);
      expect(ids((await client.get('/api/links')).body)).toContain(id);
      expect(ids((await groupLinks(client, w.group.id)).body)).toEqual([id]);
    }
    for (const client of [w.outsider.client, follower.client]) {
      const res = await client.get(`/api/links/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect((await client.get(`/api/links/${id}/comments`)).status).toBe(404);
      expect((await client.post(`/api/links/${id}/comments`, { content: 'hello' })).status).toBe(404);
      expect((await client.post(`/api/links/${id}/like`)).status).toBe(404);
      expect((await client.get(`/api/links/${id}/lead_image`)).status).toBe(404);
      expect(ids((await client.get('/api/links')).body)).not.toContain(id);
      expect((await groupLinks(client, w.group.id)).status).toBe(404);
    }
  });

  it('never reaches the public surfaces: the explore list and page answer as for any unpublished link', async () => {
    const w = await world();
    const id = await share(w.poster.client, w.group.id);
    await markRead(id, 'A club-only article');
    const visitor = app.client();
    expect((await visitor.get(`/api/published_links/${id}`)).status).toBe(404);
    expect(ids((await visitor.get('/api/published_links?limit=50')).body)).not.toContain(id);
  });

  it('finds the link in search for members of the group only', async () => {
    const w = await world();
    const id = await share(w.poster.client, w.group.id);
    await markRead(id, 'Marquetry veneers for the club');
    await indexLink(app.context, id);
    const found = async (client: TestClient) =>
      ids((await client.post('/api/search/all', { query: 'marquetry veneers' })).body.links);
    expect(await found(w.commentor.client)).toContain(id);
    expect(await found(w.outsider.client)).not.toContain(id);
  });

  it('pages a group’s links newest first and a new link shows up at once (the group role read is kept)', async () => {
    const w = await world();
    const first = await share(w.poster.client, w.group.id);
    const second = await share(w.owner.client, w.group.id);
    // Read (and keep) the group's list and the viewer's role, then share again: never stale.
    expect(ids((await groupLinks(w.commentor.client, w.group.id)).body)).toEqual([second, first]);
    const third = await share(w.poster.client, w.group.id);
    const page = await groupLinks(w.commentor.client, w.group.id, '&limit=2');
    expect(ids(page.body)).toEqual([third, second]);
    expect(page.headers.get('x-has-next-page')).toBe('true');
    const next = await groupLinks(
      w.commentor.client,
      w.group.id,
      `&limit=2&after=${encodeURIComponent(page.headers.get('x-next-cursor')!)}`,
    );
    expect(ids(next.body)).toEqual([first]);
    expect(next.headers.get('x-has-next-page')).toBe('false');
    // Another group's links stay out of this group's list, even for a member of both.
    const elsewhere = await share(w.outsider.client, w.outsider.otherGroupId);
    expect(ids((await groupLinks(w.outsider.client, w.outsider.otherGroupId)).body)).toEqual([elsewhere]);
  });

  it('a removed member learns nothing new: the link, its comments, the list and the inbox close', async () => {
    const w = await world();
    const id = await share(w.poster.client, w.group.id);
    const mine = await w.commentor.client.post(`/api/links/${id}/comments`, { content: 'Lovely read' });
    expect(mine.status).toBe(201);
    // Positive control: a reply to their comment reaches them while they are a member.
    await w.poster.client.post(`/api/links/${id}/comments`, {
      content: 'Glad you liked it',
      parent_id: mine.body.id,
    });
    const inbox = async () =>
      ((await w.commentor.client.get('/api/notifications')).body as Array<{ kind: string }>).filter(
        (item) => item.kind === 'reply',
      ).length;
    expect(await inbox()).toBe(1);
    expect(ids((await groupLinks(w.commentor.client, w.group.id)).body)).toEqual([id]);

    const removal = await w.owner.client.delete(
      `/api/group_roles/${await membershipId(w.owner.client, w.group.id, w.commentor.member.id)}`,
    );
    expect(removal.status).toBe(200);

    expect((await w.commentor.client.get(`/api/links/${id}`)).status).toBe(404);
    expect((await w.commentor.client.get(`/api/links/${id}/comments`)).status).toBe(404);
    expect((await groupLinks(w.commentor.client, w.group.id)).status).toBe(404);
    expect(ids((await w.commentor.client.get('/api/links')).body)).not.toContain(id);
    await w.poster.client.post(`/api/links/${id}/comments`, {
      content: 'One more thing',
      parent_id: mine.body.id,
    });
    // Even the reply they were told of before is no longer shown: the link is out of their sight.
    expect(await inbox()).toBe(0);
    const audience = await membersWhoMaySeeLink(app.context.db, id, [
      w.commentor.member.id,
      w.owner.member.id,
      w.outsider.member.id,
    ]);
    expect([...audience]).toEqual([w.owner.member.id]);
  });

  it('the sharer who leaves the group loses the link too, and a block hides it from a member', async () => {
    const w = await world();
    const id = await share(w.poster.client, w.group.id);
    // The sharer blocks the Commentor: the Commentor no longer sees the sharer's group link.
    expect((await w.poster.client.post('/api/blocks', { user_id: w.commentor.member.id })).status).toBe(201);
    expect((await w.commentor.client.get(`/api/links/${id}`)).status).toBe(404);
    expect(ids((await groupLinks(w.commentor.client, w.group.id)).body)).toEqual([]);
    expect((await w.owner.client.get(`/api/links/${id}`)).status).toBe(200);

    const leave = await w.poster.client.delete(
      `/api/group_roles/${await membershipId(w.owner.client, w.group.id, w.poster.member.id)}`,
    );
    expect(leave.status).toBe(200);
    expect((await w.poster.client.get(`/api/links/${id}`)).status).toBe(404);
    expect((await w.owner.client.get(`/api/links/${id}`)).status).toBe(200);
  });

  it('goes with its group: deleting the group deletes the links shared into it', async () => {
    const w = await world();
    const id = await share(w.poster.client, w.group.id);
    await app.context.db.delete(groups).where(eq(groups.id, w.group.id));
    expect(await app.context.db.select().from(links).where(eq(links.id, id))).toEqual([]);
  });
});

describe('live: a link shared into a group reaches its members’ open streams only', () => {
  let app: TestApp;
  const streams: Stream[] = [];
  beforeAll(async () => {
    app = await createTestApp({ config: { services: ['web'] } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app.close();
  });

  it('tells the group’s members (not a member of another group, not one the sharer blocked)', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const sharer = await memberInGroup(app, group.id, 'Poster');
    const reader = await memberInGroup(app, group.id, 'Commentor');
    const shunned = await memberInGroup(app, group.id, 'Commentor');
    const outsider = await memberOfAnotherGroup(app);
    expect((await sharer.client.post('/api/blocks', { user_id: shunned.member.id })).status).toBe(201);
    const open = async (client: TestClient) => {
      const stream = await openStream(app.url, client);
      streams.push(stream);
      return stream;
    };
    const [readerStream, shunnedStream, outsiderStream] = await Promise.all([
      open(reader.client),
      open(shunned.client),
      open(outsider.client),
    ]);
    const shareInto = async (client: TestClient, groupId: string) => {
      const res = await client.post('/api/links', {
        url: `https://club.example.test/live-${Date.now()}-${Math.random()}`,
        visibility: 'group',
        group_id: groupId,
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const isLink = (id: string) => (event: LiveEvent) => event.type === 'link.updated' && event.linkId === id;

    const id = await shareInto(sharer.client, group.id);
    await readerStream.next(isLink(id));
    // Positive controls: the outsider hears of their own group's link, the shunned member of a
    // link shared by someone else; by then this one would have arrived before them.
    const own = await shareInto(outsider.client, outsider.otherGroupId);
    await outsiderStream.next(isLink(own));
    const byOwner = await shareInto(owner.client, group.id);
    await shunnedStream.next(isLink(byOwner));
    expect(outsiderStream.events.some(isLink(id))).toBe(false);
    expect(shunnedStream.events.some(isLink(id))).toBe(false);
    expect(readerStream.events.some(isLink(own))).toBe(false);
  });
});
