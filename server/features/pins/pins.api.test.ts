import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MESSAGES } from '../../../shared/domain/pins';
import { groupPins } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import {
  createGroupAs,
  createPostAs,
  memberInGroup,
  memberOfAnotherGroup,
} from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

/** Pinned posts in a group (ADR 043), over HTTP against the test database. */
describe('pins', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A group with its Owner, a Moderator, a Poster, a Commentor, and four posts by the Poster. */
  async function world() {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const moderator = await memberInGroup(app, group.id, 'Moderator');
    const poster = await memberInGroup(app, group.id, 'Poster');
    const commentor = await memberInGroup(app, group.id, 'Commentor');
    const posts = [];
    for (let i = 0; i < 4; i++) posts.push(await createPostAs(poster.client, { group_id: group.id }));
    return { owner, group, moderator, poster, commentor, posts };
  }

  const pinPath = (groupId: string, postId: string) => `/api/groups/${groupId}/pins/${postId}`;
  const ids = (body: Array<{ id: string }>) => body.map((post) => post.id);
  const timeline = (client: TestClient, groupId: string) => client.get(`/api/posts?group_id=${groupId}`);

  it('lets the Owner and a Moderator pin and unpin, answering the post with its flag', async () => {
    const w = await world();
    const [a, b] = w.posts;
    const pinned = await w.owner.client.put(pinPath(w.group.id, a!.id));
    expect(pinned.status).toBe(201);
    expect(pinned.body).toMatchObject({ id: a!.id, pinned: true, can_pin: true });
    const again = await w.owner.client.put(pinPath(w.group.id, a!.id));
    expect(again.status).toBe(200);
    expect(again.body.pinned).toBe(true);

    const byModerator = await w.moderator.client.put(pinPath(w.group.id, b!.id));
    expect(byModerator.status).toBe(201);

    const unpinned = await w.moderator.client.delete(pinPath(w.group.id, a!.id));
    expect(unpinned.status).toBe(200);
    expect(unpinned.body).toMatchObject({ id: a!.id, pinned: false });
    const list = await w.commentor.client.get(`/api/groups/${w.group.id}/pins`);
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([b!.id]);
  });

  it('refuses Posters, Commentors and a member of another group, and reveals nothing to outsiders', async () => {
    const w = await world();
    const [a] = w.posts;
    const outsider = await memberOfAnotherGroup(app);
    for (const client of [w.poster.client, w.commentor.client, outsider.client]) {
      const res = await client.put(pinPath(w.group.id, a!.id));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect((await client.delete(pinPath(w.group.id, a!.id))).status).toBe(403);
    }
    expect((await outsider.client.get(`/api/groups/${w.group.id}/pins`)).status).toBe(404);
    expect(await app.context.db.select().from(groupPins).where(eq(groupPins.groupId, w.group.id))).toEqual(
      [],
    );
  });

  it("answers 404 for another group's post, a post the actor may not see, and no such group", async () => {
    const w = await world();
    const outsider = await memberOfAnotherGroup(app);
    const elsewhere = await createPostAs(outsider.client, { group_id: outsider.otherGroupId });
    const open = await createPostAs(w.poster.client);
    expect((await w.owner.client.put(pinPath(w.group.id, elsewhere.id))).status).toBe(404);
    // A post without a group belongs to no group's pins.
    expect((await w.owner.client.put(pinPath(w.group.id, open.id))).status).toBe(404);
    const otherGroup = await createGroupAs(w.owner.client);
    expect((await w.owner.client.put(pinPath(otherGroup.id, w.posts[0]!.id))).status).toBe(404);
    expect(
      (await w.owner.client.put(pinPath('00000000-0000-4000-8000-000000000000', w.posts[0]!.id))).status,
    ).toBe(404);
  });

  it('pins at most three posts per group, with a clear message', async () => {
    const w = await world();
    for (const post of w.posts.slice(0, 3)) {
      expect((await w.owner.client.put(pinPath(w.group.id, post.id))).status).toBe(201);
    }
    const fourth = await w.owner.client.put(pinPath(w.group.id, w.posts[3]!.id));
    expect(fourth.status).toBe(422);
    expect(fourth.body).toEqual({ error: PIN_MESSAGES.limitReached });
    // Pinning one already pinned is no fourth pin.
    expect((await w.owner.client.put(pinPath(w.group.id, w.posts[0]!.id))).status).toBe(200);
    expect((await w.owner.client.delete(pinPath(w.group.id, w.posts[0]!.id))).status).toBe(200);
    expect((await w.owner.client.put(pinPath(w.group.id, w.posts[3]!.id))).status).toBe(201);
  });

  it('never lets concurrent pins pass the limit', async () => {
    const w = await world();
    const more = [];
    for (let i = 0; i < 2; i++) more.push(await createPostAs(w.poster.client, { group_id: w.group.id }));
    const answers = await Promise.all(
      [...w.posts, ...more].map((post) => w.owner.client.put(pinPath(w.group.id, post.id))),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.status === 422)).toHaveLength(3);
    const rows = await app.context.db.select().from(groupPins).where(eq(groupPins.groupId, w.group.id));
    expect(rows).toHaveLength(3);
  });

  it('lists the pins newest pin first and flags them on the group timeline, on the next read', async () => {
    const w = await world();
    const [a, b, c] = w.posts;
    // A kept timeline page, read before any pin.
    const before = await timeline(w.commentor.client, w.group.id);
    expect(before.body.every((post: { pinned: boolean }) => post.pinned === false)).toBe(true);

    await w.owner.client.put(pinPath(w.group.id, a!.id));
    await w.owner.client.put(pinPath(w.group.id, c!.id));

    const pins = await w.commentor.client.get(`/api/groups/${w.group.id}/pins`);
    expect(ids(pins.body)).toEqual([c!.id, a!.id]);
    expect(pins.body.every((post: { pinned: boolean }) => post.pinned)).toBe(true);

    // The kept page was dropped by the pin: the very next read shows it.
    const after = await timeline(w.commentor.client, w.group.id);
    const flags = Object.fromEntries(
      after.body.map((post: { id: string; pinned: boolean }) => [post.id, post.pinned]),
    );
    expect(flags).toMatchObject({ [a!.id]: true, [b!.id]: false, [c!.id]: true });
    const single = await w.commentor.client.get(`/api/posts/${a!.id}`);
    expect(single.body).toMatchObject({ pinned: true, can_pin: false });

    await w.moderator.client.delete(pinPath(w.group.id, a!.id));
    const unpinned = await timeline(w.commentor.client, w.group.id);
    expect(unpinned.body.find((post: { id: string }) => post.id === a!.id).pinned).toBe(false);
    expect(ids((await w.commentor.client.get(`/api/groups/${w.group.id}/pins`)).body)).toEqual([c!.id]);
    expect((await w.commentor.client.get(`/api/posts/${a!.id}`)).body.pinned).toBe(false);
  });

  it('keeps the counts live on the pinned list while the list itself is kept', async () => {
    const w = await world();
    const [a] = w.posts;
    await w.owner.client.put(pinPath(w.group.id, a!.id));
    const first = await w.commentor.client.get(`/api/groups/${w.group.id}/pins`);
    expect(first.body[0].likes_count).toBe(0);
    expect((await w.moderator.client.post(`/api/posts/${a!.id}/likes`)).status).toBeLessThan(300);
    const second = await w.commentor.client.get(`/api/groups/${w.group.id}/pins`);
    expect(second.body[0].likes_count).toBe(1);
  });

  it('hides a pinned post the viewer may not see (a block between them)', async () => {
    const w = await world();
    const [a, b] = w.posts;
    await w.owner.client.put(pinPath(w.group.id, a!.id));
    await w.owner.client.put(pinPath(w.group.id, b!.id));
    expect(ids((await w.commentor.client.get(`/api/groups/${w.group.id}/pins`)).body)).toHaveLength(2);
    expect(
      (await w.commentor.client.post(`/api/blocks`, { user_id: w.poster.member.id })).status,
    ).toBeLessThan(300);
    expect((await w.commentor.client.get(`/api/groups/${w.group.id}/pins`)).body).toEqual([]);
    // The Owner still sees both.
    expect(ids((await w.owner.client.get(`/api/groups/${w.group.id}/pins`)).body)).toEqual([b!.id, a!.id]);
  });

  it('removes the pin with the post, and with the group', async () => {
    const w = await world();
    const [a, b] = w.posts;
    await w.owner.client.put(pinPath(w.group.id, a!.id));
    await w.owner.client.put(pinPath(w.group.id, b!.id));
    expect(ids((await w.owner.client.get(`/api/groups/${w.group.id}/pins`)).body)).toEqual([b!.id, a!.id]);
    expect((await w.poster.client.delete(`/api/posts/${a!.id}`)).status).toBe(200);
    expect(ids((await w.owner.client.get(`/api/groups/${w.group.id}/pins`)).body)).toEqual([b!.id]);
    // The row itself is gone, not left behind without its post.
    const left = await app.context.db.select().from(groupPins).where(eq(groupPins.groupId, w.group.id));
    expect(left.map((row) => row.postId)).toEqual([b!.id]);

    const { groups } = await import('../../db/schema');
    await app.context.db.delete(groups).where(eq(groups.id, w.group.id));
    expect(await app.context.db.select().from(groupPins).where(eq(groupPins.groupId, w.group.id))).toEqual(
      [],
    );
  });
});
