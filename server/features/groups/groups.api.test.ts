import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient, uniqueName } from '../../../tests/support/factories';
import {
  addToGroup,
  createGroupAs,
  createPostAs,
  memberInGroup,
} from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';

const GROUP_FIELDS = [
  'id',
  'name',
  'avatar',
  'is_owner',
  'is_member',
  'role',
  'members_count',
  'created_at',
  'request_status',
  'can_edit',
  'can_post',
  'can_answer_requests',
  'description',
  'picture_url',
  'pending_requests_count',
  'membership_id',
  // ADR 045.
  'notification_level',
  'notification_level_default',
  'unread_count',
].sort();

async function rolesOf(client: TestClient, groupId: string) {
  const res = await client.get(`/api/groups/${groupId}/group_roles`);
  expect(res.status).toBe(200);
  return res.body as Array<{ id: string; user_id: string; role: string }>;
}

describe('groups', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  describe('create, show, rename', () => {
    it('makes the creator Owner', async () => {
      const { client, member } = await memberWithClient(app);
      const name = uniqueName('Book Club');
      const res = await client.post('/api/groups', { group: { name: `  ${name} ` } });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(GROUP_FIELDS);
      expect(res.body).toMatchObject({
        name,
        avatar: 'BC',
        is_owner: true,
        is_member: true,
        role: 'Owner',
        members_count: 1,
        request_status: null,
        can_edit: true,
        can_post: true,
        can_answer_requests: true,
      });
      const roles = await rolesOf(client, res.body.id);
      expect(roles).toEqual([
        expect.objectContaining({
          user_id: member.id,
          role: 'Owner',
          group_id: res.body.id,
          username: member.username,
        }),
      ]);
    });

    it('refuses a blank name and a name taken in any case', async () => {
      const { client } = await memberWithClient(app);
      const blank = await client.post('/api/groups', { group: { name: '  ' } });
      expect(blank.status).toBe(422);
      expect(blank.body.errors.name).toEqual(["can't be blank"]);
      const name = uniqueName('Chess');
      await createGroupAs(client, name);
      const taken = await client.post('/api/groups', { group: { name: name.toUpperCase() } });
      expect(taken.status).toBe(422);
      expect(taken.body.errors.name).toEqual(['has already been taken']);
      expect((await app.client().post('/api/groups', { group: { name: 'x' } })).status).toBe(401);
    });

    it('shows a group to non-members with is_member false (Join Group)', async () => {
      const { client: owner } = await memberWithClient(app);
      const { client: outsider } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const res = await outsider.get(`/api/groups/${group.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: group.name,
        is_member: false,
        is_owner: false,
        role: null,
        can_edit: false,
      });
      expect((await outsider.get('/api/groups/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('lets only the Owner rename; names stay unique', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const other = await createGroupAs(owner);
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { client: outsider } = await memberInGroup(app, group.id, null);
      const newName = uniqueName('Renamed');
      expect((await moderator.patch(`/api/groups/${group.id}`, { group: { name: newName } })).status).toBe(
        403,
      );
      expect((await outsider.patch(`/api/groups/${group.id}`, { group: { name: newName } })).status).toBe(
        403,
      );
      const taken = await owner.patch(`/api/groups/${group.id}`, {
        group: { name: other.name.toLowerCase() },
      });
      expect(taken.status).toBe(422);
      expect(taken.body.errors.name).toEqual(['has already been taken']);
      const same = await owner.patch(`/api/groups/${group.id}`, { group: { name: group.name } });
      expect(same.status).toBe(200);
      const res = await owner.patch(`/api/groups/${group.id}`, { group: { name: newName } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: group.id, name: newName });
      const missing = await owner.patch('/api/groups/00000000-0000-4000-8000-000000000000', {
        group: { name: 'x' },
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('GET /api/groups', () => {
    it('lists all groups, searches by name and sorts by name, date and my status', async () => {
      const listApp = await createTestApp();
      try {
        const { client: me, member: meMember } = await memberWithClient(listApp);
        const { client: other } = await memberWithClient(listApp);
        const owned = await createGroupAs(me, 'Zebra Owners');
        const joined = await createGroupAs(other, 'Apple Members');
        const pending = await createGroupAs(other, 'Mango Pending');
        const none = await createGroupAs(other, 'Banana None');
        await addToGroup(listApp, joined.id, meMember.id, 'Commentor');
        expect(
          (await me.post('/api/group_requests', { group_request: { group_id: pending.id } })).status,
        ).toBe(201);

        const byName = await me.get('/api/groups');
        expect(byName.status).toBe(200);
        expect(byName.body.map((g: { name: string }) => g.name)).toEqual([
          'Apple Members',
          'Banana None',
          'Mango Pending',
          'Zebra Owners',
        ]);
        const byStatus = await me.get('/api/groups?sort=status');
        expect(byStatus.body.map((g: { id: string }) => g.id)).toEqual([
          owned.id,
          joined.id,
          pending.id,
          none.id,
        ]);
        expect(byStatus.body[2]).toMatchObject({ request_status: 'pending', is_member: false });
        expect(byStatus.body[1]).toMatchObject({ role: 'Commentor', is_member: true, can_post: false });
        const byDate = await me.get('/api/groups?sort=date');
        expect(byDate.body.map((g: { id: string }) => g.id)).toEqual([
          none.id,
          pending.id,
          joined.id,
          owned.id,
        ]);
        const searched = await me.get('/api/groups?q=an');
        expect(searched.body.map((g: { name: string }) => g.name)).toEqual(['Banana None', 'Mango Pending']);
        expect((await me.get('/api/groups?q=%25')).body).toEqual([]);
        expect((await me.get('/api/groups?sort=size')).status).toBe(422);
        expect((await listApp.client().get('/api/groups')).status).toBe(401);
      } finally {
        await listApp.close();
      }
    });
  });

  describe('members (group roles)', () => {
    it('shows members to members only', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: commentor, member } = await memberInGroup(app, group.id, 'Commentor');
      const roles = await rolesOf(commentor, group.id);
      expect(roles.map((r) => r.role)).toEqual(['Owner', 'Commentor']);
      expect(Object.keys(roles[1]!).sort()).toEqual(
        [
          'id',
          'name',
          'avatar',
          'user_id',
          'username',
          'role',
          'group_id',
          'created_at',
          'joined_at_human',
          'profile_id',
          'assignable_roles',
          'can_remove',
        ].sort(),
      );
      expect(roles[1]!.user_id).toBe(member.id);
      const { client: outsider } = await memberInGroup(app, group.id, null);
      expect((await outsider.get(`/api/groups/${group.id}/group_roles`)).status).toBe(403);
      expect((await owner.get('/api/groups/00000000-0000-4000-8000-000000000000/group_roles')).status).toBe(
        404,
      );
    });

    it('lets the Owner give any role; a Moderator may not promote', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { member: poster } = await memberInGroup(app, group.id, 'Poster');
      const posterRole = (await rolesOf(owner, group.id)).find((r) => r.user_id === poster.id)!;
      const refused = await moderator.patch(`/api/group_roles/${posterRole.id}`, {
        group_role: { role: 'Moderator' },
      });
      expect(refused.status).toBe(403);
      const changed = await owner.patch(`/api/group_roles/${posterRole.id}`, {
        group_role: { role: 'Moderator' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ id: posterRole.id, role: 'Moderator', user_id: poster.id });
      const invalid = await owner.patch(`/api/group_roles/${posterRole.id}`, {
        group_role: { role: 'King' },
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors.role).toBeDefined();
      const missing = await owner.patch('/api/group_roles/00000000-0000-4000-8000-000000000000', {
        group_role: { role: 'Poster' },
      });
      expect(missing.status).toBe(404);
      const { client: outsider } = await memberWithClient(app);
      expect(
        (await outsider.patch(`/api/group_roles/${posterRole.id}`, { group_role: { role: 'Owner' } })).status,
      ).toBe(403);
    });

    it('always keeps an Owner: the last one can be neither demoted nor removed', async () => {
      const { client: owner, member } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const ownerRole = (await rolesOf(owner, group.id)).find((r) => r.user_id === member.id)!;
      const demote = await owner.patch(`/api/group_roles/${ownerRole.id}`, {
        group_role: { role: 'Poster' },
      });
      expect(demote.status).toBe(422);
      expect(demote.body.errors.role).toEqual(['A group must keep at least one Owner.']);
      const leave = await owner.delete(`/api/group_roles/${ownerRole.id}`);
      expect(leave.status).toBe(422);
      expect(leave.body.errors.base).toEqual(['Choose another Owner before you leave.']);

      // With a second Owner, the first may step down.
      const { member: second } = await memberInGroup(app, group.id, 'Poster');
      const secondRole = (await rolesOf(owner, group.id)).find((r) => r.user_id === second.id)!;
      expect(
        (await owner.patch(`/api/group_roles/${secondRole.id}`, { group_role: { role: 'Owner' } })).status,
      ).toBe(200);
      expect(
        (await owner.patch(`/api/group_roles/${ownerRole.id}`, { group_role: { role: 'Poster' } })).status,
      ).toBe(200);
      const roles = await rolesOf(owner, group.id);
      expect(roles.filter((r) => r.role === 'Owner').map((r) => r.user_id)).toEqual([second.id]);
    });

    it('keeps an Owner when two Owners demote each other at the same moment', async () => {
      const { client: a, member: memberA } = await memberWithClient(app);
      const group = await createGroupAs(a);
      const { client: b, member: memberB } = await memberInGroup(app, group.id, 'Owner');
      const roles = await rolesOf(a, group.id);
      const roleA = roles.find((r) => r.user_id === memberA.id)!;
      const roleB = roles.find((r) => r.user_id === memberB.id)!;
      const [first, second] = await Promise.all([
        a.patch(`/api/group_roles/${roleB.id}`, { group_role: { role: 'Poster' } }),
        b.patch(`/api/group_roles/${roleA.id}`, { group_role: { role: 'Poster' } }),
      ]);
      // One wins; the other is refused, as no longer an Owner (403) or as the last Owner (422).
      expect([first.status, second.status]).toContain(200);
      expect([first.status, second.status].filter((s) => s !== 200)).toEqual([expect.toBeOneOf([403, 422])]);
      const owners = (await rolesOf(a, group.id)).filter((r) => r.role === 'Owner');
      expect(owners).toHaveLength(1);
    });

    it('lets the Owner remove a member and any member leave; others get 403', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: poster, member: posterMember } = await memberInGroup(app, group.id, 'Poster');
      const { client: leaver, member: leaverMember } = await memberInGroup(app, group.id, 'Commentor');
      const { member: removed } = await memberInGroup(app, group.id, 'Commentor');
      const roles = await rolesOf(owner, group.id);
      const roleOf = (id: string) => roles.find((r) => r.user_id === id)!.id;

      expect((await poster.delete(`/api/group_roles/${roleOf(removed.id)}`)).status).toBe(403);
      const res = await owner.delete(`/api/group_roles/${roleOf(removed.id)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: roleOf(removed.id), deleted: true });
      expect((await leaver.delete(`/api/group_roles/${roleOf(leaverMember.id)}`)).status).toBe(200);
      expect((await leaver.get(`/api/groups/${group.id}`)).body.is_member).toBe(false);
      expect((await owner.delete(`/api/group_roles/${roleOf(leaverMember.id)}`)).status).toBe(404);
      const left = (await rolesOf(owner, group.id)).map((r) => r.user_id);
      expect(left).toContain(posterMember.id);
      expect(left).not.toContain(removed.id);
    });
  });

  describe('join requests', () => {
    it('asks once, is answered once, and accepting makes a member with the chosen role', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: asker, member } = await memberWithClient(app, {
        firstName: 'Alan',
        lastName: 'Turing',
      });

      const asked = await asker.post('/api/group_requests', { group_request: { group_id: group.id } });
      expect(asked.status).toBe(201);
      expect(asked.body).toMatchObject({
        group_id: group.id,
        group_name: group.name,
        user_id: member.id,
        username: member.username,
        user_full_name: 'Alan Turing',
        status: 'pending',
        role: null,
      });
      const again = await asker.post('/api/group_requests', { group_request: { group_id: group.id } });
      expect(again.status).toBe(422);
      expect(again.body.errors.base).toEqual(['You have already asked to join this group.']);
      expect((await asker.get(`/api/groups/${group.id}`)).body.request_status).toBe('pending');

      const mine = await owner.get('/api/group_requests');
      expect(mine.body.map((r: { id: string }) => r.id)).toContain(asked.body.id);
      const ofGroup = await owner.get(`/api/groups/${group.id}/group_requests`);
      expect(ofGroup.body.map((r: { id: string }) => r.id)).toEqual([asked.body.id]);

      const hidden = await createPostAs(owner, { group_id: group.id });
      expect((await asker.get(`/api/posts/${hidden.id}`)).status).toBe(404);

      const accepted = await owner.patch(`/api/group_requests/${asked.body.id}`, {
        group_request: { role: 'Poster', status: 'accepted' },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ status: 'accepted', role: 'Poster' });
      const twice = await owner.patch(`/api/group_requests/${asked.body.id}`, {
        group_request: { role: 'Poster', status: 'rejected' },
      });
      expect(twice.status).toBe(422);
      expect(twice.body.errors.status).toEqual(['has already been answered']);

      expect((await asker.get(`/api/groups/${group.id}`)).body).toMatchObject({
        is_member: true,
        role: 'Poster',
      });
      expect((await asker.get(`/api/posts/${hidden.id}`)).status).toBe(200);
      expect((await asker.post('/api/posts', { post: { tldr: 'hi', group_id: group.id } })).status).toBe(201);
      const member2 = await asker.post('/api/group_requests', { group_request: { group_id: group.id } });
      expect(member2.status).toBe(422);
      expect(member2.body.errors.base).toEqual(['You are already a member of this group.']);
      expect((await owner.get(`/api/groups/${group.id}/group_requests`)).body).toEqual([]);
    });

    it('lets Moderators answer; Posters and outsiders get 403; rejecting adds nobody', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { client: poster } = await memberInGroup(app, group.id, 'Poster');
      const { client: asker } = await memberWithClient(app);
      const asked = (await asker.post('/api/group_requests', { group_request: { group_id: group.id } })).body;

      expect((await poster.get(`/api/groups/${group.id}/group_requests`)).status).toBe(403);
      expect((await asker.get(`/api/groups/${group.id}/group_requests`)).status).toBe(403);
      expect((await poster.get('/api/group_requests')).body).toEqual([]);
      const answer = { group_request: { role: 'Commentor', status: 'rejected' } };
      expect((await poster.patch(`/api/group_requests/${asked.id}`, answer)).status).toBe(403);
      expect((await asker.patch(`/api/group_requests/${asked.id}`, answer)).status).toBe(403);

      expect((await moderator.get('/api/group_requests')).body.map((r: { id: string }) => r.id)).toContain(
        asked.id,
      );
      // Each answerer is offered the roles the granting rule lets them give; the asker none.
      const offered = async (client: typeof owner, path: string) =>
        (await client.get(path)).body.find((r: { id: string }) => r.id === asked.id)?.assignable_roles;
      expect(await offered(owner, '/api/group_requests')).toEqual(['Poster', 'Moderator', 'Commentor']);
      expect(await offered(owner, `/api/groups/${group.id}/group_requests`)).toEqual([
        'Poster',
        'Moderator',
        'Commentor',
      ]);
      expect(await offered(moderator, '/api/group_requests')).toEqual(['Poster', 'Commentor']);
      expect(await offered(moderator, `/api/groups/${group.id}/group_requests`)).toEqual([
        'Poster',
        'Commentor',
      ]);
      expect(asked.assignable_roles).toEqual([]);
      const rejected = await moderator.patch(`/api/group_requests/${asked.id}`, answer);
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ status: 'rejected', role: null, assignable_roles: [] });
      expect((await asker.get(`/api/groups/${group.id}`)).body).toMatchObject({
        is_member: false,
        request_status: null,
      });
      // After a rejection the member may ask again.
      expect(
        (await asker.post('/api/group_requests', { group_request: { group_id: group.id } })).status,
      ).toBe(201);
    });

    it('validates requests and answers', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: asker } = await memberWithClient(app);
      const missing = await asker.post('/api/group_requests', { group_request: {} });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.group_id).toEqual(["can't be blank"]);
      const unknown = await asker.post('/api/group_requests', {
        group_request: { group_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors.group_id).toEqual(['is not a group']);
      const asked = (await asker.post('/api/group_requests', { group_request: { group_id: group.id } })).body;
      const asOwner = await owner.patch(`/api/group_requests/${asked.id}`, {
        group_request: { role: 'Owner', status: 'accepted' },
      });
      expect(asOwner.status).toBe(422);
      expect(asOwner.body.errors.role).toBeDefined();
      const noRole = await owner.patch(`/api/group_requests/${asked.id}`, {
        group_request: { status: 'accepted' },
      });
      expect(noRole.status).toBe(422);
      expect(noRole.body.errors.role).toEqual(["can't be blank"]);
      const badStatus = await owner.patch(`/api/group_requests/${asked.id}`, {
        group_request: { role: 'Poster', status: 'maybe' },
      });
      expect(badStatus.status).toBe(422);
      expect(badStatus.body.errors.status).toBeDefined();
      const nothing = await owner.patch('/api/group_requests/00000000-0000-4000-8000-000000000000', {
        group_request: { role: 'Poster', status: 'accepted' },
      });
      expect(nothing.status).toBe(404);
      expect((await app.client().get('/api/group_requests')).status).toBe(401);
    });
  });
});
