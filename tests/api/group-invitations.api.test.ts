import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, groupInviteLinks, notifications } from '../../server/db/schema';
import { MESSAGES } from '../../shared/domain/messages';
import { confirmationCodeFrom, resetTokenFrom, signUpBody } from '../support/accounts';
import { memberWithClient, uniqueName } from '../support/factories';
import { addToGroup, createGroupAs, memberInGroup, memberOfAnotherGroup } from '../support/social-factories';
import { createTestApp, type TestApp, waitForMail } from '../support/test-app';
import type { TestClient } from '../support/test-client';

/** Invitations into groups, the shareable group link and arriving connected (ADR 041). */

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { error: MESSAGES.notFound };

describe('group invitations', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function groupWithOwner() {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    return { owner, group };
  }

  async function followsOf(followerId: string, followeeId: string) {
    const rows = await app.context.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    return rows.length > 0;
  }

  async function rolesOf(client: TestClient, groupId: string) {
    const res = await client.get(`/api/groups/${groupId}/group_roles`);
    return res.body as Array<{ user_id: string; role: string }>;
  }

  describe('inviting a member', () => {
    it('tells the invitee, lists it for them, and accepting makes them a member who follows the inviter both ways', async () => {
      const { owner, group } = await groupWithOwner();
      const invitee = await memberWithClient(app);

      const invited = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id, role: 'Moderator' },
      });
      expect(invited.status).toBe(201);
      expect(invited.body).toMatchObject({ group_id: group.id, role: 'Moderator', status: 'open' });

      const inbox = await invitee.client.get('/api/notifications');
      expect(inbox.body[0]).toMatchObject({ kind: 'group_invitation', path: '/inbox' });
      expect(inbox.body[0].text).toContain(`invited you to join ${group.name} as Moderator`);

      const open = await invitee.client.get('/api/group_invitations');
      expect(open.status).toBe(200);
      expect(open.body).toHaveLength(1);
      expect(open.body[0]).toMatchObject({
        id: invited.body.id,
        group_name: group.name,
        role: 'Moderator',
        inviter: { profile_id: owner.member.id },
        email: null,
      });
      expect(open.body[0].created_at).toEqual(expect.any(String));

      const accepted = await invitee.client.patch(`/api/group_invitations/${invited.body.id}`, {
        group_invitation: { status: 'accepted' },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.status).toBe('accepted');
      const members = await rolesOf(owner.client, group.id);
      expect(members.find((m) => m.user_id === invitee.member.id)?.role).toBe('Moderator');
      expect(await followsOf(invitee.member.id, owner.member.id)).toBe(true);
      expect(await followsOf(owner.member.id, invitee.member.id)).toBe(true);
      expect((await invitee.client.get('/api/group_invitations')).body).toEqual([]);

      // Either may undo the follow with the ordinary unfollow.
      expect((await invitee.client.delete(`/api/profiles/${owner.member.id}/follow`)).status).toBe(200);
      expect(await followsOf(invitee.member.id, owner.member.id)).toBe(false);

      // Answered once: a second answer is refused in the error shape.
      const again = await invitee.client.patch(`/api/group_invitations/${invited.body.id}`, {
        group_invitation: { status: 'declined' },
      });
      expect(again.status).toBe(422);
      expect(again.body.errors.status).toEqual(['has already been answered']);
    });

    it('defaults to the newcomer role (Poster); declining leaves the member outside', async () => {
      const { owner, group } = await groupWithOwner();
      const invitee = await memberWithClient(app);
      const invited = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      expect(invited.body.role).toBe('Poster');
      const declined = await invitee.client.patch(`/api/group_invitations/${invited.body.id}`, {
        group_invitation: { status: 'declined' },
      });
      expect(declined.status).toBe(200);
      expect(declined.body.status).toBe('declined');
      expect((await invitee.client.get(`/api/groups/${group.id}`)).body.is_member).toBe(false);
      expect(await followsOf(invitee.member.id, owner.member.id)).toBe(false);
    });

    it('does not duplicate an open invitation when asked again', async () => {
      const { owner, group } = await groupWithOwner();
      const invitee = await memberWithClient(app);
      const first = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      const second = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(second.body.id).toBe(first.body.id);
      expect((await invitee.client.get('/api/group_invitations')).body).toHaveLength(1);
      const told = await app.context.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.recipientId, invitee.member.id), eq(notifications.kind, 'group_invitation')),
        );
      expect(told).toHaveLength(1);
    });

    it('refuses a role beyond what the inviter may grant, as role changes do (403)', async () => {
      const { group } = await groupWithOwner();
      const moderator = await memberInGroup(app, group.id, 'Moderator');
      const invitee = await memberWithClient(app);
      for (const role of ['Moderator', 'Owner']) {
        const res = await moderator.client.post(`/api/groups/${group.id}/invitations`, {
          invitation: { user_id: invitee.member.id, role },
        });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: MESSAGES.forbidden });
      }
      const ok = await moderator.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id, role: 'Commentor' },
      });
      expect(ok.status).toBe(201);
      const inviting = await moderator.client.get(`/api/groups/${group.id}/inviting`);
      expect(inviting.body).toEqual({ invitable_roles: ['Poster', 'Commentor'], link: null });
    });

    it('lets only Owners and Moderators invite; an outsider from another group learns nothing new', async () => {
      const { group } = await groupWithOwner();
      const invitee = await memberWithClient(app);
      for (const role of ['Poster', 'Commentor'] as const) {
        const member = await memberInGroup(app, group.id, role);
        const res = await member.client.post(`/api/groups/${group.id}/invitations`, {
          invitation: { user_id: invitee.member.id },
        });
        expect(res.status).toBe(403);
      }
      const outsider = await memberOfAnotherGroup(app);
      const res = await outsider.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      expect(res.status).toBe(403);
      const none = await outsider.client.post(`/api/groups/${NO_SUCH_ID}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      expect(none.status).toBe(404);
      expect((await invitee.client.get('/api/group_invitations')).body).toEqual([]);
    });

    it("answers another member's invitation, or one that does not exist, with the same 404", async () => {
      const { owner, group } = await groupWithOwner();
      const invitee = await memberWithClient(app);
      const invited = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      const stranger = await memberOfAnotherGroup(app);
      const theirs = await stranger.client.patch(`/api/group_invitations/${invited.body.id}`, {
        group_invitation: { status: 'accepted' },
      });
      const unknown = await stranger.client.patch(`/api/group_invitations/${NO_SUCH_ID}`, {
        group_invitation: { status: 'accepted' },
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(NOT_FOUND);
      expect(unknown.body).toEqual(theirs.body);
      expect((await stranger.client.get(`/api/groups/${group.id}`)).body.is_member).toBe(false);
    });

    it('refuses a member already in the group, and accepting once one has joined meanwhile', async () => {
      const { owner, group } = await groupWithOwner();
      const poster = await memberInGroup(app, group.id, 'Poster');
      const already = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: poster.member.id },
      });
      expect(already.status).toBe(422);
      expect(already.body.errors.user_id).toEqual(['is already a member of this group']);

      const invitee = await memberWithClient(app);
      const invited = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      await addToGroup(app, group.id, invitee.member.id, 'Commentor');
      const accepted = await invitee.client.patch(`/api/group_invitations/${invited.body.id}`, {
        group_invitation: { status: 'accepted' },
      });
      expect(accepted.status).toBe(422);
      expect(accepted.body.errors.base).toEqual(['You are already a member of this group.']);
    });

    it('keeps a blocked pair apart: no invitation either way, answered like an unknown member', async () => {
      const { owner, group } = await groupWithOwner();
      const blocked = await memberWithClient(app);
      const blocker = await memberWithClient(app);
      expect((await owner.client.post('/api/blocks', { user_id: blocked.member.id })).status).toBe(201);
      expect((await blocker.client.post('/api/blocks', { user_id: owner.member.id })).status).toBe(201);

      const unknown = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: NO_SUCH_ID },
      });
      expect(unknown.status).toBe(422);
      for (const target of [blocked, blocker]) {
        const res = await owner.client.post(`/api/groups/${group.id}/invitations`, {
          invitation: { user_id: target.member.id },
        });
        expect(res.status).toBe(unknown.status);
        expect(res.body).toEqual(unknown.body);
        expect((await target.client.get('/api/group_invitations')).body).toEqual([]);
      }
    });

    it('hides an invitation once a block stands between the two, and refuses to accept it (404)', async () => {
      const { owner, group } = await groupWithOwner();
      const invitee = await memberWithClient(app);
      const invited = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      expect((await invitee.client.post('/api/blocks', { user_id: owner.member.id })).status).toBe(201);
      expect((await invitee.client.get('/api/group_invitations')).body).toEqual([]);
      const accepted = await invitee.client.patch(`/api/group_invitations/${invited.body.id}`, {
        group_invitation: { status: 'accepted' },
      });
      expect(accepted.status).toBe(404);
      expect((await invitee.client.get(`/api/groups/${group.id}`)).body.is_member).toBe(false);
    });

    it('lapses when the inviter can no longer grant the role, or the group is gone', async () => {
      const { owner, group } = await groupWithOwner();
      const moderator = await memberInGroup(app, group.id, 'Moderator');
      const invitee = await memberWithClient(app);
      const invited = await moderator.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      // The Owner demotes the Moderator who invited: they can no longer let anyone in.
      const moderatorRole = (await owner.client.get(`/api/groups/${group.id}/group_roles`)).body.find(
        (m: { user_id: string }) => m.user_id === moderator.member.id,
      );
      const demoted = await owner.client.patch(`/api/group_roles/${moderatorRole.id}`, {
        group_role: { role: 'Commentor' },
      });
      expect(demoted.status).toBe(200);
      const accepted = await invitee.client.patch(`/api/group_invitations/${invited.body.id}`, {
        group_invitation: { status: 'accepted' },
      });
      expect(accepted.status).toBe(404);

      const other = await groupWithOwner();
      const again = await other.owner.client.post(`/api/groups/${other.group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      await app.context.db.execute(sql`delete from groups where id = ${other.group.id}`);
      const gone = await invitee.client.patch(`/api/group_invitations/${again.body.id}`, {
        group_invitation: { status: 'accepted' },
      });
      expect(gone.status).toBe(404);
    });

    it('answers bad input in the error shape, never a 500', async () => {
      const { owner, group } = await groupWithOwner();
      const cases: unknown[] = [
        {},
        { invitation: {} },
        { invitation: { user_id: 'nope' } },
        { invitation: { user_id: NO_SUCH_ID, email: 'a@example.test' } },
        { invitation: { email: 'not an email' } },
        { invitation: { user_id: NO_SUCH_ID, role: 'King' } },
      ];
      for (const body of cases) {
        const res = await owner.client.post(`/api/groups/${group.id}/invitations`, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors).toBeDefined();
      }
      const bad = await owner.client.patch(`/api/group_invitations/${NO_SUCH_ID}`, {
        group_invitation: { status: 'maybe' },
      });
      expect(bad.status).toBe(422);
      expect((await owner.client.patch('/api/group_invitations/nope', {})).status).toBe(422);
    });
  });

  describe('inviting someone not on Hearth', () => {
    it('sends the Hearth invitation mail; once they sign up and confirm they are in, connected to the inviter', async () => {
      const { owner, group } = await groupWithOwner();
      const email = `${uniqueName('friend')}@example.test`;
      const invited = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { email, role: 'Commentor' },
      });
      expect(invited.status).toBe(201);
      expect(invited.body).toMatchObject({ email, role: 'Commentor', invitee: null, status: 'open' });
      // The same invitation as POST /api/invitations makes: in the inviter's list, the same mail.
      const mine = await owner.client.get('/api/invitations');
      expect(mine.body.map((row: { email: string }) => row.email)).toContain(email);
      const mail = await waitForMail(app, email);
      // The mail says which group they are invited into.
      expect(mail.subject).toBe(`You're invited to join the group “${group.name}” on Hearth`);
      expect(mail.text).toContain(`you are in “${group.name}”`);
      const code = mail.text.match(/invitation\?code=([A-Za-z0-9_-]+)/)![1]!;

      const newcomer = app.client();
      const body = signUpBody({ email, invitation_code: code });
      const signedUp = await newcomer.post('/api/users', body);
      expect(signedUp.status).toBe(201);
      const userId = signedUp.body.id as string;
      // Not yet: only a confirmed account joins.
      expect((await rolesOf(owner.client, group.id)).some((m) => m.user_id === userId)).toBe(false);
      const confirmation = confirmationCodeFrom(await waitForMail(app, email, { count: 2 }));
      expect((await newcomer.get(`/api/users/confirmation?confirmation_token=${confirmation}`)).status).toBe(
        200,
      );

      const members = await rolesOf(owner.client, group.id);
      expect(members.find((m) => m.user_id === userId)?.role).toBe('Commentor');
      expect(await followsOf(userId, owner.member.id)).toBe(true);
      expect(await followsOf(owner.member.id, userId)).toBe(true);
    });

    it('joins the group when a password reset confirms the address instead', async () => {
      const { owner, group } = await groupWithOwner();
      const email = `${uniqueName('resetter')}@example.test`;
      await owner.client.post(`/api/groups/${group.id}/invitations`, { invitation: { email } });
      const code = (await waitForMail(app, email)).text.match(/invitation\?code=([A-Za-z0-9_-]+)/)![1]!;
      const newcomer = app.client();
      const signedUp = await newcomer.post('/api/users', signUpBody({ email, invitation_code: code }));
      expect(signedUp.status).toBe(201);
      await waitForMail(app, email, { count: 2 });
      expect((await newcomer.post('/api/users/password', { user: { email } })).status).toBe(200);
      const token = resetTokenFrom(await waitForMail(app, email, { count: 3 }));
      const reset = await newcomer.patch('/api/users/password', {
        user: {
          reset_password_token: token,
          password: 'another good passphrase',
          password_confirmation: 'another good passphrase',
        },
      });
      expect(reset.status).toBe(200);
      const members = await rolesOf(owner.client, group.id);
      expect(members.find((m) => m.user_id === signedUp.body.id)?.role).toBe('Poster');
    });

    it("counts against the inviter's quota and obeys the invitation rules", async () => {
      const { owner, group } = await groupWithOwner();
      for (let i = 0; i < 10; i++) {
        await owner.client.post('/api/invitations', {
          invitation: { email: `${uniqueName('q')}@example.test` },
        });
      }
      const over = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { email: `${uniqueName('over')}@example.test` },
      });
      expect(over.status).toBe(422);
      expect(over.body.errors.base).toEqual(['You can have at most 10 open invitations.']);

      const switchedOff = await memberWithClient(app, { canInvite: false });
      const theirGroup = await createGroupAs(switchedOff.client);
      const off = await switchedOff.client.post(`/api/groups/${theirGroup.id}/invitations`, {
        invitation: { email: `${uniqueName('off')}@example.test` },
      });
      expect(off.status).toBe(403);
    });

    it('refuses a Moderator inviting by email as Moderator, and a Poster at all, writing nothing', async () => {
      const { group } = await groupWithOwner();
      const moderator = await memberInGroup(app, group.id, 'Moderator');
      const poster = await memberInGroup(app, group.id, 'Poster');
      const beyond = await moderator.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { email: `${uniqueName('m')}@example.test`, role: 'Moderator' },
      });
      expect(beyond.status).toBe(403);
      const posterTry = await poster.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { email: `${uniqueName('p')}@example.test` },
      });
      expect(posterTry.status).toBe(403);
      expect((await moderator.client.get('/api/invitations')).body).toEqual([]);
      expect((await poster.client.get('/api/invitations')).body).toEqual([]);
    });
  });

  describe('the group link', () => {
    async function linkOf(owner: TestClient, groupId: string, settings: Record<string, unknown> = {}) {
      const res = await owner.put(`/api/groups/${groupId}/invite_link`, { invite_link: settings });
      expect(res.status).toBe(200);
      return res.body as { url: string; enabled: boolean; max_uses: number | null; uses: number };
    }
    const codeOf = (url: string) => url.split('/join/')[1]!;

    it('lets a signed-in member join as a newcomer, connected to the Owner who made it', async () => {
      const { owner, group } = await groupWithOwner();
      const link = await linkOf(owner.client, group.id, { expires_in_days: 3, max_uses: 5 });
      expect(link.url).toMatch(/^http:\/\/hearth\.test\/join\/[A-Za-z0-9_-]{20,}$/);
      const joiner = await memberOfAnotherGroup(app);
      const code = codeOf(link.url);
      const seen = await joiner.client.get(`/api/group_links/${code}`);
      expect(seen.body).toEqual({ group_id: group.id, group_name: group.name, is_member: false });
      const joined = await joiner.client.post(`/api/group_links/${code}/join`);
      expect(joined.status).toBe(200);
      expect(joined.body.is_member).toBe(true);
      const members = await rolesOf(owner.client, group.id);
      expect(members.find((m) => m.user_id === joiner.member.id)?.role).toBe('Poster');
      expect(await followsOf(joiner.member.id, owner.member.id)).toBe(true);
      expect(await followsOf(owner.member.id, joiner.member.id)).toBe(true);
      // Following it again as a member spends nothing.
      await joiner.client.post(`/api/group_links/${code}/join`);
      const state = await owner.client.get(`/api/groups/${group.id}/inviting`);
      expect(state.body.link).toMatchObject({ enabled: true, uses: 1, max_uses: 5, url: null, usable: true });
    });

    it('answers an unknown, expired, used-up, replaced or turned-off link exactly like any unknown link', async () => {
      const { owner, group } = await groupWithOwner();
      const joiner = await memberWithClient(app);
      const unknown = await joiner.client.post(`/api/group_links/${'x'.repeat(27)}/join`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NOT_FOUND);
      const same = async (code: string) => {
        const post = await joiner.client.post(`/api/group_links/${code}/join`);
        const get = await joiner.client.get(`/api/group_links/${code}`);
        expect([post.status, post.body]).toEqual([unknown.status, unknown.body]);
        expect([get.status, get.body]).toEqual([unknown.status, unknown.body]);
      };

      // Used up: a limit of one lets one in.
      const once = codeOf((await linkOf(owner.client, group.id, { max_uses: 1 })).url);
      const first = await memberWithClient(app);
      expect((await first.client.post(`/api/group_links/${once}/join`)).status).toBe(200);
      await same(once);

      // Replaced by a new link: the old code stops working at once.
      const replaced = codeOf((await linkOf(owner.client, group.id)).url);
      const current = codeOf((await linkOf(owner.client, group.id)).url);
      await same(replaced);

      // Expiry crossed: the link's clock moved past its last day.
      await app.context.db
        .update(groupInviteLinks)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(groupInviteLinks.groupId, group.id));
      await same(current);
      const state = await owner.client.get(`/api/groups/${group.id}/inviting`);
      expect(state.body.link).toMatchObject({ enabled: true, usable: false });

      // Turned off.
      const off = codeOf((await linkOf(owner.client, group.id, { expires_in_days: 1 })).url);
      expect((await owner.client.delete(`/api/groups/${group.id}/invite_link`)).status).toBe(200);
      await same(off);
      expect((await owner.client.get(`/api/groups/${group.id}/inviting`)).body.link.enabled).toBe(false);
      expect((await joiner.client.get(`/api/groups/${group.id}`)).body.is_member).toBe(false);
    });

    it('works until its expiry and not a moment after (the database clock moved a day)', async () => {
      const { owner, group } = await groupWithOwner();
      const code = codeOf((await linkOf(owner.client, group.id, { expires_in_days: 1 })).url);
      // Just before the end of the day it still leads in.
      await app.context.db
        .update(groupInviteLinks)
        .set({ expiresAt: sql`now() + interval '2 seconds'` })
        .where(eq(groupInviteLinks.groupId, group.id));
      const before = await memberWithClient(app);
      expect((await before.client.get(`/api/group_links/${code}`)).status).toBe(200);
      await app.context.db
        .update(groupInviteLinks)
        .set({ expiresAt: sql`expires_at - interval '1 day'` })
        .where(eq(groupInviteLinks.groupId, group.id));
      expect((await before.client.post(`/api/group_links/${code}/join`)).status).toBe(404);
    });

    it("is the Owners' alone; signed-out callers get 401", async () => {
      const { group } = await groupWithOwner();
      const moderator = await memberInGroup(app, group.id, 'Moderator');
      const outsider = await memberOfAnotherGroup(app);
      expect(
        (await moderator.client.put(`/api/groups/${group.id}/invite_link`, { invite_link: {} })).status,
      ).toBe(403);
      expect((await moderator.client.delete(`/api/groups/${group.id}/invite_link`)).status).toBe(403);
      expect(
        (await outsider.client.put(`/api/groups/${group.id}/invite_link`, { invite_link: {} })).status,
      ).toBe(403);
      expect((await outsider.client.get(`/api/groups/${group.id}/inviting`)).status).toBe(403);
      const visitor = app.client();
      expect((await visitor.post(`/api/group_links/${'x'.repeat(27)}/join`)).status).toBe(401);
      expect((await visitor.get(`/api/group_links/${'x'.repeat(27)}`)).status).toBe(401);
    });

    it('refuses nonsense settings in the error shape', async () => {
      const { owner, group } = await groupWithOwner();
      for (const settings of [
        { expires_in_days: 0 },
        { expires_in_days: 91 },
        { max_uses: 0 },
        { max_uses: 1.5 },
        { enabled: 'yes' },
      ]) {
        const res = await owner.client.put(`/api/groups/${group.id}/invite_link`, { invite_link: settings });
        expect(res.status, JSON.stringify(settings)).toBe(422);
        expect(res.body.errors).toBeDefined();
      }
    });
  });

  describe('arriving connected', () => {
    it('shows the groups one was invited to and suggests people the inviter follows whom one may see', async () => {
      const { owner, group } = await groupWithOwner();
      const friend = await memberWithClient(app);
      const hidden = await memberWithClient(app);
      await owner.client.post(`/api/profiles/${friend.member.id}/follow`);
      await owner.client.post(`/api/profiles/${hidden.member.id}/follow`);
      const invitee = await memberWithClient(app);
      await invitee.client.post('/api/blocks', { user_id: hidden.member.id });
      const invited = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      await invitee.client.patch(`/api/group_invitations/${invited.body.id}`, {
        group_invitation: { status: 'accepted' },
      });
      const arrival = await invitee.client.get('/api/me/arrival');
      expect(arrival.status).toBe(200);
      expect(arrival.body.groups).toEqual([{ id: group.id, name: group.name }]);
      expect(arrival.body.inviter.profile_id).toBe(owner.member.id);
      const suggested = arrival.body.suggestions.map((p: { profile_id: string }) => p.profile_id);
      expect(suggested).toContain(friend.member.id);
      expect(suggested).not.toContain(hidden.member.id);
      expect(suggested).not.toContain(invitee.member.id);
    });
  });
});

describe('group invitations are throttled', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ rateLimits: true });
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After past the limits of inviting (60 an hour) and following links (30 an hour)', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const invitee = await memberWithClient(app);
    const statuses = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const res = await owner.client.post(`/api/groups/${group.id}/invitations`, {
        invitation: { user_id: invitee.member.id },
      });
      statuses.add(res.status);
    }
    expect([...statuses].sort()).toEqual([200, 201]);
    const over = await owner.client.post(`/api/groups/${group.id}/invitations`, {
      invitation: { user_id: invitee.member.id },
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

    const joiner = await memberWithClient(app);
    const tries = new Set<number>();
    for (let i = 0; i < 30; i++) {
      tries.add((await joiner.client.post(`/api/group_links/${'y'.repeat(27)}/join`)).status);
    }
    expect([...tries]).toEqual([404]);
    expect((await joiner.client.get(`/api/group_links/${'y'.repeat(27)}`)).status).toBe(429);
  });
});
