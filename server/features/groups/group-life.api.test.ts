import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../shared/api/live-events';
import type { NotificationKind } from '../../../shared/domain/constants';
import { notifications } from '../../db/schema';
import { openStream } from '../../../tests/support/event-stream';
import { memberWithClient, uniqueName } from '../../../tests/support/factories';
import { fetchBytes, jpeg, uploadAccepted } from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs, memberInGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

interface Member {
  id: string;
  user_id: string;
  role: string;
  assignable_roles: string[];
  can_remove: boolean;
  profile_id: string;
}

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

async function rolesOf(client: TestClient, groupId: string): Promise<Member[]> {
  const res = await client.get(`/api/groups/${groupId}/group_roles`);
  expect(res.status).toBe(200);
  return res.body as Member[];
}

async function roleIdOf(client: TestClient, groupId: string, userId: string) {
  return (await rolesOf(client, groupId)).find((member) => member.user_id === userId)!.id;
}

describe('group life: leaving, members, roles, requests, description and picture', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function notificationsOf(recipientId: string, kind: NotificationKind) {
    return app.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), eq(notifications.kind, kind)));
  }

  describe('leaving', () => {
    it('lets a member leave with their membership id; the last Owner is asked to choose another first', async () => {
      const { client: owner, member: ownerMember } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: poster, member: posterMember } = await memberInGroup(app, group.id, 'Poster');

      const mine = (await poster.get(`/api/groups/${group.id}`)).body;
      expect(mine.membership_id).toBe(await roleIdOf(owner, group.id, posterMember.id));
      const left = await poster.delete(`/api/group_roles/${mine.membership_id}`);
      expect(left.status).toBe(200);
      expect((await poster.get(`/api/groups/${group.id}`)).body).toMatchObject({
        is_member: false,
        membership_id: null,
      });
      expect((await poster.get(`/api/groups/${group.id}/group_roles`)).status).toBe(403);
      // Leaving is one's own action: nobody is told, not even the leaver.
      expect(await notificationsOf(posterMember.id, 'group_removed')).toEqual([]);

      const ownerRoleId = (await owner.get(`/api/groups/${group.id}`)).body.membership_id;
      const refused = await owner.delete(`/api/group_roles/${ownerRoleId}`);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ errors: { base: ['Choose another Owner before you leave.'] } });
      expect((await rolesOf(owner, group.id)).map((m) => m.user_id)).toEqual([ownerMember.id]);
    });

    it('tells a member removed by someone else (group_removed), with the group', async () => {
      const { client: owner, member: ownerMember } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { member: removed } = await memberInGroup(app, group.id, 'Commentor');
      const res = await owner.delete(`/api/group_roles/${await roleIdOf(owner, group.id, removed.id)}`);
      expect(res.status).toBe(200);
      expect(await notificationsOf(removed.id, 'group_removed')).toEqual([
        expect.objectContaining({ actorId: ownerMember.id, groupId: group.id, postId: null }),
      ]);
    });
  });

  describe('member list', () => {
    it('is read by every member, cursor paged, with what the viewer may do to each member', async () => {
      const { client: owner, member: ownerMember } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: commentor, member: commentorMember } = await memberInGroup(app, group.id, 'Commentor');
      const { member: poster } = await memberInGroup(app, group.id, 'Poster');
      const { member: moderator } = await memberInGroup(app, group.id, 'Moderator');

      const first = await commentor.get(`/api/groups/${group.id}/group_roles?limit=2`);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-has-next-page')).toBe('true');
      expect(first.body.map((m: Member) => m.user_id)).toEqual([ownerMember.id, moderator.id]);
      const second = await commentor.get(
        `/api/groups/${group.id}/group_roles?limit=2&after=${first.headers.get('x-next-cursor')}`,
      );
      expect(second.headers.get('x-has-next-page')).toBe('false');
      expect(second.headers.get('x-next-cursor')).toBeNull();
      expect(second.body.map((m: Member) => m.user_id)).toEqual([poster.id, commentorMember.id]);
      expect(second.body[1]).toMatchObject({
        profile_id: commentorMember.id,
        assignable_roles: [],
        can_remove: true, // their own row: leaving
      });
      expect(first.body[0]).toMatchObject({ assignable_roles: [], can_remove: false });

      const asOwner = await rolesOf(owner, group.id);
      expect(asOwner.find((m) => m.user_id === poster.id)).toMatchObject({
        assignable_roles: ['Owner', 'Moderator', 'Commentor'],
        can_remove: true,
      });

      const { client: outsider } = await memberWithClient(app);
      expect((await outsider.get(`/api/groups/${group.id}/group_roles`)).status).toBe(403);
      expect((await app.client().get(`/api/groups/${group.id}/group_roles`)).status).toBe(401);
      const bad = await commentor.get(`/api/groups/${group.id}/group_roles?after=not-a-cursor`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors.after).toEqual(['is invalid']);
      const foreign = Buffer.from(JSON.stringify([['x'], NO_SUCH_ID])).toString('base64url');
      expect((await commentor.get(`/api/groups/${group.id}/group_roles?after=${foreign}`)).status).toBe(422);
    });
  });

  describe('role changes (ADR 020)', () => {
    it('lets a Moderator move Posters and Commentors between those roles and remove them, nothing more', async () => {
      const { client: owner, member: ownerMember } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: moderator, member: moderatorMember } = await memberInGroup(app, group.id, 'Moderator');
      const { member: otherModerator } = await memberInGroup(app, group.id, 'Moderator');
      const { member: poster } = await memberInGroup(app, group.id, 'Poster');
      const { member: commentor } = await memberInGroup(app, group.id, 'Commentor');
      const roleOf = (id: string) => roleIdOf(owner, group.id, id);

      const demoted = await moderator.patch(`/api/group_roles/${await roleOf(poster.id)}`, {
        group_role: { role: 'Commentor' },
      });
      expect(demoted.status).toBe(200);
      expect(demoted.body).toMatchObject({
        role: 'Commentor',
        assignable_roles: ['Poster'],
        can_remove: true,
      });
      expect(await notificationsOf(poster.id, 'role_changed')).toEqual([
        expect.objectContaining({
          actorId: moderatorMember.id,
          groupId: group.id,
          data: { role: 'Commentor' },
        }),
      ]);

      for (const [target, role] of [
        [commentor.id, 'Moderator'],
        [commentor.id, 'Owner'],
        [otherModerator.id, 'Poster'],
        [ownerMember.id, 'Poster'],
        [moderatorMember.id, 'Poster'],
      ] as const) {
        const res = await moderator.patch(`/api/group_roles/${await roleOf(target)}`, {
          group_role: { role },
        });
        expect(res.status, `${role} for ${target}`).toBe(403);
      }
      expect((await moderator.delete(`/api/group_roles/${await roleOf(otherModerator.id)}`)).status).toBe(
        403,
      );
      expect((await moderator.delete(`/api/group_roles/${await roleOf(ownerMember.id)}`)).status).toBe(403);
      expect((await moderator.delete(`/api/group_roles/${await roleOf(commentor.id)}`)).status).toBe(200);
      expect(await notificationsOf(commentor.id, 'group_removed')).toHaveLength(1);

      // A Poster changes nobody's role, not even to the role they already hold.
      const { client: posterClient } = await memberInGroup(app, group.id, 'Poster');
      for (const role of ['Commentor', 'Poster']) {
        const refused = await posterClient.patch(`/api/group_roles/${await roleOf(poster.id)}`, {
          group_role: { role },
        });
        expect(refused.status).toBe(403);
      }
    });

    it('lets an Owner make another Owner; the change is told to the member, never to the actor', async () => {
      const { client: owner, member: ownerMember } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { member: poster } = await memberInGroup(app, group.id, 'Poster');
      const res = await owner.patch(`/api/group_roles/${await roleIdOf(owner, group.id, poster.id)}`, {
        group_role: { role: 'Owner' },
      });
      expect(res.status).toBe(200);
      expect(await notificationsOf(poster.id, 'role_changed')).toEqual([
        expect.objectContaining({ actorId: ownerMember.id, data: { role: 'Owner' } }),
      ]);
      // Stepping down oneself tells nobody.
      const own = await owner.patch(`/api/group_roles/${await roleIdOf(owner, group.id, ownerMember.id)}`, {
        group_role: { role: 'Poster' },
      });
      expect(own.status).toBe(200);
      expect(await notificationsOf(ownerMember.id, 'role_changed')).toEqual([]);
    });
  });

  describe('join requests: counts, notifications, live events', () => {
    it('counts waiting requests for Owners and Moderators only, per group and in total', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const other = await createGroupAs(owner);
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { client: poster } = await memberInGroup(app, group.id, 'Poster');
      for (const target of [group.id, group.id, other.id]) {
        const { client: asker } = await memberWithClient(app);
        const asked = await asker.post('/api/group_requests', { group_request: { group_id: target } });
        expect(asked.status).toBe(201);
      }
      expect((await owner.get(`/api/groups/${group.id}`)).body.pending_requests_count).toBe(2);
      expect((await moderator.get(`/api/groups/${group.id}`)).body.pending_requests_count).toBe(2);
      expect((await poster.get(`/api/groups/${group.id}`)).body.pending_requests_count).toBeNull();
      const { client: outsider } = await memberWithClient(app);
      expect((await outsider.get(`/api/groups/${group.id}`)).body.pending_requests_count).toBeNull();
      const listed = (await poster.get('/api/groups?member=true')).body as {
        id: string;
        pending_requests_count: number | null;
      }[];
      expect(listed.map((g) => g.pending_requests_count)).toEqual([null]);

      expect((await owner.get('/api/group_requests/pending_count')).body).toEqual({ count: 3 });
      expect((await moderator.get('/api/group_requests/pending_count')).body).toEqual({ count: 2 });
      expect((await poster.get('/api/group_requests/pending_count')).body).toEqual({ count: 0 });
      expect((await app.client().get('/api/group_requests/pending_count')).status).toBe(401);
    });

    it('tells Owners and Moderators of a request (join_request) and the asker of the answer (request_answered)', async () => {
      const { client: owner, member: ownerMember } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { member: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { member: poster } = await memberInGroup(app, group.id, 'Poster');
      const { client: asker, member: askerMember } = await memberWithClient(app);
      const asked = (await asker.post('/api/group_requests', { group_request: { group_id: group.id } })).body;

      for (const recipient of [ownerMember.id, moderator.id]) {
        expect(await notificationsOf(recipient, 'join_request')).toEqual([
          expect.objectContaining({ actorId: askerMember.id, groupId: group.id }),
        ]);
      }
      expect(await notificationsOf(poster.id, 'join_request')).toEqual([]);

      await owner.patch(`/api/group_requests/${asked.id}`, {
        group_request: { role: 'Commentor', status: 'accepted' },
      });
      expect(await notificationsOf(askerMember.id, 'request_answered')).toEqual([
        expect.objectContaining({
          actorId: ownerMember.id,
          groupId: group.id,
          data: { status: 'accepted', role: 'Commentor' },
        }),
      ]);

      const { client: rejectedClient, member: rejected } = await memberWithClient(app);
      const second = (
        await rejectedClient.post('/api/group_requests', { group_request: { group_id: group.id } })
      ).body;
      await owner.patch(`/api/group_requests/${second.id}`, { group_request: { status: 'rejected' } });
      expect(await notificationsOf(rejected.id, 'request_answered')).toEqual([
        expect.objectContaining({ data: { status: 'rejected', role: null } }),
      ]);
    });

    it('sends group.requests live to the Owners and Moderators, not to other members', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { client: poster } = await memberInGroup(app, group.id, 'Poster');
      const ownerStream = await openStream(app.url, owner);
      const moderatorStream = await openStream(app.url, moderator);
      const posterStream = await openStream(app.url, poster);
      try {
        const { client: asker } = await memberWithClient(app);
        const asked = (await asker.post('/api/group_requests', { group_request: { group_id: group.id } }))
          .body;
        const isRequests = (e: LiveEvent) => e.type === 'group.requests' && e.groupId === group.id;
        await ownerStream.next(isRequests);
        await moderatorStream.next(isRequests);

        // Positive control for the poster: a post in the group reaches them after the request event.
        const post = await poster.post('/api/posts', {
          post: { tldr: uniqueName('hello'), group_id: group.id },
        });
        expect(post.status).toBe(201);
        await ownerStream.next((e) => e.type === 'post.created');
        // The poster's own post is not offered to them; the Owner's next one is.
        await owner.post('/api/posts', { post: { tldr: uniqueName('hi'), group_id: group.id } });
        await posterStream.next((e) => e.type === 'post.created');
        expect(posterStream.events.filter(isRequests)).toEqual([]);

        // Answering tells the Owners and Moderators again.
        const before = moderatorStream.events.filter(isRequests).length;
        await owner.patch(`/api/group_requests/${asked.id}`, { group_request: { status: 'rejected' } });
        await moderatorStream.next(() => moderatorStream.events.filter(isRequests).length > before);
      } finally {
        ownerStream.close();
        moderatorStream.close();
        posterStream.close();
      }
    });
  });

  describe('description and picture', () => {
    it('lets Owners set a description of up to 1,000 characters; others get 403', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const description = `${'a'.repeat(999)}b`;
      const res = await owner.patch(`/api/groups/${group.id}`, {
        group: { description: `  ${description} ` },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: group.name, description });
      const long = await owner.patch(`/api/groups/${group.id}`, { group: { description: 'a'.repeat(1001) } });
      expect(long.status).toBe(422);
      expect(long.body.errors.description).toEqual(['is too long (maximum is 1000 characters)']);
      const nul = await owner.patch(`/api/groups/${group.id}`, { group: { description: 'a\u0000b' } });
      expect(nul.status).toBe(422);
      const empty = await owner.patch(`/api/groups/${group.id}`, { group: {} });
      expect(empty.status).toBe(422);
      expect((await moderator.patch(`/api/groups/${group.id}`, { group: { description: 'x' } })).status).toBe(
        403,
      );
      const cleared = await owner.patch(`/api/groups/${group.id}`, { group: { description: '' } });
      expect(cleared.body.description).toBe('');
    });

    it("takes the Owner's own uploaded image as the picture, served to members signed in", async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const image = await uploadAccepted(app, owner, { name: 'club.jpg', bytes: await jpeg() });
      const res = await owner.patch(`/api/groups/${group.id}`, { group: { picture_file_id: image.id } });
      expect(res.status).toBe(200);
      expect(res.body.picture_url).toBe(`/api/files/${image.id}`);

      const { client: outsider } = await memberWithClient(app);
      expect((await outsider.get(`/api/groups/${group.id}`)).body.picture_url).toBe(`/api/files/${image.id}`);
      expect((await fetchBytes(outsider, res.body.picture_url)).response.status).toBe(200);
      expect((await fetchBytes(app.client(), res.body.picture_url)).response.status).toBe(404);

      const someoneElses = await uploadAccepted(app, outsider, { name: 'x.jpg', bytes: await jpeg() });
      const stolen = await owner.patch(`/api/groups/${group.id}`, {
        group: { picture_file_id: someoneElses.id },
      });
      expect(stolen.status).toBe(422);
      expect(stolen.body.errors.picture_file_id).toEqual(['must be an image you uploaded']);
      const pdf = await uploadAccepted(app, owner, {
        name: 'notes.pdf',
        bytes: new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
      });
      expect(
        (await owner.patch(`/api/groups/${group.id}`, { group: { picture_file_id: pdf.id } })).status,
      ).toBe(422);
      expect(
        (await owner.patch(`/api/groups/${group.id}`, { group: { picture_file_id: 'nope' } })).status,
      ).toBe(422);

      // A second Owner may keep the picture another Owner chose while renaming.
      const { client: second, member: secondMember } = await memberWithClient(app);
      await addToGroup(app, group.id, secondMember.id, 'Owner');
      const kept = await second.patch(`/api/groups/${group.id}`, {
        group: { name: uniqueName('Renamed'), picture_file_id: image.id },
      });
      expect(kept.status).toBe(200);
      const removed = await owner.patch(`/api/groups/${group.id}`, { group: { picture_file_id: null } });
      expect(removed.body.picture_url).toBeNull();
    });
  });
});

describe('paged lists', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function allPages(client: TestClient, path: string) {
    const names: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const separator = path.includes('?') ? '&' : '?';
      const res = await client.get(`${path}${separator}limit=2${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      names.push(...res.body.map((item: { name?: string; username?: string }) => item.username ?? item.name));
      if (res.headers.get('x-has-next-page') !== 'true') return names;
      after = res.headers.get('x-next-cursor') ?? undefined;
      expect(after).toBeTruthy();
    }
    throw new Error('too many pages');
  }

  it('pages the groups list by cursor in every sort, and lists only mine with member=true', async () => {
    const { client: me, member } = await memberWithClient(app);
    const { client: other } = await memberWithClient(app);
    const names = ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo'];
    const made: Record<string, string> = {};
    for (const name of names) made[name] = (await createGroupAs(name === 'Echo' ? me : other, name)).id;
    await addToGroup(app, made.bravo!, member.id, 'Poster');
    await me.post('/api/group_requests', { group_request: { group_id: made.Delta } });

    expect(await allPages(me, '/api/groups')).toEqual(['alpha', 'bravo', 'Charlie', 'Delta', 'Echo']);
    expect(await allPages(me, '/api/groups?sort=date')).toEqual([
      'Echo',
      'bravo',
      'Charlie',
      'alpha',
      'Delta',
    ]);
    expect(await allPages(me, '/api/groups?sort=status')).toEqual([
      'Echo',
      'bravo',
      'Delta',
      'alpha',
      'Charlie',
    ]);
    expect(await allPages(me, '/api/groups?member=true')).toEqual(['bravo', 'Echo']);
    expect(await allPages(me, '/api/groups?q=a')).toEqual(['alpha', 'bravo', 'Charlie', 'Delta']);

    const first = await me.get('/api/groups?limit=2');
    // A cursor from one sort is refused by another: 422, never a 500.
    expect((await me.get(`/api/groups?sort=status&after=${first.headers.get('x-next-cursor')}`)).status).toBe(
      422,
    );
    expect((await me.get('/api/groups?after=%%%')).status).toBe(422);
    expect((await me.get('/api/groups?limit=0')).status).toBe(422);
    expect((await me.get('/api/groups?member=maybe')).status).toBe(422);
  });

  it('pages who I follow and who follows me by username', async () => {
    const { client: me, member } = await memberWithClient(app);
    const people = await Promise.all(
      ['zed', 'amy', 'kim'].map((prefix) => memberWithClient(app, { username: uniqueName(prefix) })),
    );
    for (const { member: person, client } of people) {
      expect((await me.post(`/api/profiles/${person.id}/follow`)).status).toBe(200);
      expect((await client.post(`/api/profiles/${member.id}/follow`)).status).toBe(200);
    }
    const sorted = people.map((p) => p.member.username).sort((a, b) => a.localeCompare(b));
    expect(await allPages(me, '/api/friends/following')).toEqual(sorted);
    expect(await allPages(me, '/api/friends/followers')).toEqual(sorted);
    const page = await me.get('/api/friends/following?limit=1');
    expect(page.body[0]).toMatchObject({ is_following: true, follows_you: true });
    expect((await me.get('/api/friends/followers?after=bad')).status).toBe(422);
    expect((await app.client().get('/api/friends/following')).status).toBe(401);
  });
});
