import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMember, memberWithClient, uniqueName } from '../../../tests/support/factories';
import {
  addToGroup,
  createGroupAs,
  createPostAs,
  memberInGroup,
} from '../../../tests/support/social-factories';

const PROFILE_FIELDS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'name',
  'avatar',
  'about',
  'location',
  'created_at',
  'followers_count',
  'following_count',
  'is_following',
  'follows_you',
  'is_self',
  'can_message',
].sort();

describe('profiles', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('shows my profile and edits only the fields sent', async () => {
    const { client, member } = await memberWithClient(app, { firstName: 'Ada', lastName: 'Lovelace' });
    const mine = await client.get('/api/profile');
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body).sort()).toEqual(PROFILE_FIELDS);
    expect(mine.body).toMatchObject({ id: member.id, name: 'Ada Lovelace', is_self: true, about: null });
    expect(JSON.stringify(mine.body)).not.toContain('@example.test');

    const newName = uniqueName('ada');
    const res = await client.patch('/api/profile', {
      profile: { about: '  Mathematician ', location: 'London', username: newName },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      about: 'Mathematician',
      location: 'London',
      username: newName,
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    const cleared = await client.patch('/api/profile', { profile: { last_name: '', location: null } });
    expect(cleared.body).toMatchObject({
      last_name: null,
      location: null,
      about: 'Mathematician',
      name: newName,
    });
  });

  it('keeps usernames valid and unique', async () => {
    const { client } = await memberWithClient(app);
    const other = await createMember(app);
    const taken = await client.patch('/api/profile', { profile: { username: other.username.toUpperCase() } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.username).toEqual(['has already been taken']);
    for (const username of ['ab', 'has space', 'x'.repeat(31), '']) {
      const res = await client.patch('/api/profile', { profile: { username } });
      expect(res.status).toBe(422);
      expect(res.body.errors.username).toBeDefined();
    }
    const long = await client.patch('/api/profile', { profile: { about: 'x'.repeat(1001) } });
    expect(long.status).toBe(422);
    expect((await app.client().get('/api/profile')).status).toBe(401);
    expect((await app.client().patch('/api/profile', { profile: {} })).status).toBe(401);
  });

  it('keeps my time zone: shown to me on GET /api/auth only, canonical, null to forget it', async () => {
    const { client } = await memberWithClient(app);
    expect((await client.get('/api/auth')).body.time_zone).toBeNull();

    const set = await client.patch('/api/profile', { profile: { time_zone: 'asia/tokyo' } });
    expect(set.status).toBe(200);
    // Not part of the profile other members see.
    expect(Object.keys(set.body).sort()).toEqual(PROFILE_FIELDS);
    expect((await client.get('/api/auth')).body.time_zone).toBe('Asia/Tokyo');

    // Other fields leave it alone; half-hour zones are zones too.
    await client.patch('/api/profile', { profile: { about: 'Hello' } });
    expect((await client.get('/api/auth')).body.time_zone).toBe('Asia/Tokyo');
    expect((await client.patch('/api/profile', { profile: { time_zone: 'Asia/Kolkata' } })).status).toBe(200);
    expect((await client.get('/api/auth')).body.time_zone).toBe('Asia/Kolkata');

    const cleared = await client.patch('/api/profile', { profile: { time_zone: null } });
    expect(cleared.status).toBe(200);
    expect((await client.get('/api/auth')).body.time_zone).toBeNull();
  });

  it('refuses what is not an IANA time zone with 422, changing nothing', async () => {
    const { client } = await memberWithClient(app);
    await client.patch('/api/profile', { profile: { time_zone: 'Europe/Paris' } });
    const bad: unknown[] = [
      'Mars/Olympus',
      '+05:30',
      'GMT+3:00',
      '',
      ' ',
      'Europe/Paris/x',
      'x'.repeat(65),
      42,
      true,
      {},
      [],
    ];
    for (const time_zone of bad) {
      const res = await client.patch('/api/profile', { profile: { time_zone, about: 'changed' } });
      expect(res.status, JSON.stringify(time_zone)).toBe(422);
      expect(res.body.errors.time_zone ?? res.body.errors['profile.time_zone']).toBeDefined();
    }
    const auth = await client.get('/api/auth');
    expect(auth.body.time_zone).toBe('Europe/Paris');
    expect((await client.get('/api/profile')).body.about).toBeNull();
    expect((await app.client().patch('/api/profile', { profile: { time_zone: 'UTC' } })).status).toBe(401);
  });

  it("shows another member's profile, with or without the trailing slash", async () => {
    const { client } = await memberWithClient(app);
    const other = await createMember(app, { about: 'Hello', firstName: 'Only', lastName: null });
    for (const path of [`/api/profiles/${other.id}`, `/api/profiles/${other.id}/`]) {
      const res = await client.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: other.id, about: 'Hello', name: other.username, is_self: false });
    }
    expect((await client.get('/api/profiles/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const unconfirmed = await createMember(app, { confirmedAt: null });
    expect((await client.get(`/api/profiles/${unconfirmed.id}`)).status).toBe(404);
    expect((await app.client().get(`/api/profiles/${other.id}`)).status).toBe(401);
  });

  it("lists a profile's posts the viewer may see, paginated", async () => {
    const { client: author, member } = await memberWithClient(app);
    const { client: reader } = await memberWithClient(app);
    const group = await createGroupAs(author);
    const open: string[] = [];
    for (let i = 0; i < 3; i++) open.push((await createPostAs(author)).id);
    const secret = await createPostAs(author, { group_id: group.id });

    const seen = await reader.get(`/api/profiles/${member.id}/posts?limit=2`);
    expect(seen.status).toBe(200);
    expect(seen.body.map((p: { id: string }) => p.id)).toEqual([open[2], open[1]]);
    expect(seen.headers.get('x-has-next-page')).toBe('true');
    const next = await reader.get(
      `/api/profiles/${member.id}/posts?limit=2&after=${seen.headers.get('x-next-cursor')}`,
    );
    expect(next.body.map((p: { id: string }) => p.id)).toEqual([open[0]]);
    expect(next.headers.get('x-has-next-page')).toBe('false');

    const own = await author.get(`/api/profiles/${member.id}/posts`);
    expect(own.body.map((p: { id: string }) => p.id)).toEqual([secret.id, ...[...open].reverse()]);
    await addToGroup(app, group.id, (await reader.get('/api/profile')).body.id, 'Commentor');
    expect((await reader.get(`/api/profiles/${member.id}/posts`)).body).toHaveLength(4);
    expect((await reader.get('/api/profiles/00000000-0000-4000-8000-000000000000/posts')).status).toBe(404);
    expect((await app.client().get(`/api/profiles/${member.id}/posts`)).status).toBe(401);
  });
});

describe('follows and friends', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('follows and unfollows idempotently, never oneself', async () => {
    const { client, member } = await memberWithClient(app);
    const other = await createMember(app);
    const res = await client.post(`/api/profiles/${other.id}/follow`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_following: true, followers_count: 1 });
    expect((await client.post(`/api/profiles/${other.id}/follow`)).body).toEqual({
      is_following: true,
      followers_count: 1,
    });
    const profile = await client.get(`/api/profiles/${other.id}`);
    expect(profile.body).toMatchObject({ is_following: true, followers_count: 1, following_count: 0 });
    expect((await client.get('/api/profile')).body.following_count).toBe(1);
    expect((await client.delete(`/api/profiles/${other.id}/follow`)).body).toEqual({
      is_following: false,
      followers_count: 0,
    });
    expect((await client.delete(`/api/profiles/${other.id}/follow`)).status).toBe(200);
    const self = await client.post(`/api/profiles/${member.id}/follow`);
    expect(self.status).toBe(422);
    expect(self.body.errors.base).toEqual(["You can't follow yourself."]);
    expect((await client.post('/api/profiles/00000000-0000-4000-8000-000000000000/follow')).status).toBe(404);
    expect((await app.client().post(`/api/profiles/${other.id}/follow`)).status).toBe(401);
  });

  it('lists whom I follow, who follows me, and people from my groups I may know', async () => {
    const { client: me, member } = await memberWithClient(app);
    const { client: fan } = await memberWithClient(app);
    const idol = await createMember(app);
    const group = await createGroupAs(me);
    const { member: groupmate } = await memberInGroup(app, group.id, 'Poster');
    const { member: followedGroupmate } = await memberInGroup(app, group.id, 'Commentor');
    const stranger = await createMember(app);

    await me.post(`/api/profiles/${idol.id}/follow`);
    await me.post(`/api/profiles/${followedGroupmate.id}/follow`);
    await fan.post(`/api/profiles/${member.id}/follow`);

    const res = await me.get('/api/friends');
    expect(res.status).toBe(200);
    const ids = (list: Array<{ id: string }>) => list.map((p) => p.id).sort();
    expect(ids(res.body.following)).toEqual([idol.id, followedGroupmate.id].sort());
    expect(res.body.followers.map((p: { id: string }) => p.id)).toHaveLength(1);
    expect(res.body.followers[0]).toMatchObject({ follows_you: true, is_following: false });
    expect(ids(res.body.suggestions)).toEqual([groupmate.id]);
    expect(ids(res.body.suggestions)).not.toContain(stranger.id);
    expect(Object.keys(res.body.following[0]).sort()).toEqual(
      ['id', 'username', 'name', 'avatar', 'is_following', 'follows_you'].sort(),
    );
    expect((await app.client().get('/api/friends')).status).toBe(401);
  });
});
