import type { GroupRole } from '../../shared/domain/constants';
import { groupRoles } from '../../server/db/schema';
import { memberWithClient, uniqueName } from './factories';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

/** Creates a group through the API as `owner` and returns its response body. */
export async function createGroupAs(owner: TestClient, name = uniqueName('Group')) {
  const res = await owner.post('/api/groups', { group: { name } });
  if (res.status !== 201) throw new Error(`group not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string };
}

/** Gives a member a role in a group directly (as an accepted request would). */
export async function addToGroup(app: TestApp, groupId: string, userId: string, role: GroupRole) {
  await app.context.db.insert(groupRoles).values({ groupId, userId, role });
}

/**
 * The standard outsider: a member with no role in the group under test who is a Poster of another
 * group. One who belonged to no group at all would let a membership check that forgets *which*
 * group pass unnoticed.
 */
export async function memberOfAnotherGroup(app: TestApp) {
  const otherOwner = await memberWithClient(app);
  const otherGroup = await createGroupAs(otherOwner.client, uniqueName('Elsewhere'));
  const pair = await memberWithClient(app);
  await addToGroup(app, otherGroup.id, pair.member.id, 'Poster');
  return { ...pair, otherGroupId: otherGroup.id };
}

/** A new member with a client who holds `role` in the group (null: the outsider above). */
export async function memberInGroup(app: TestApp, groupId: string, role: GroupRole | null) {
  if (!role) return memberOfAnotherGroup(app);
  const pair = await memberWithClient(app);
  await addToGroup(app, groupId, pair.member.id, role);
  return pair;
}

/**
 * A group and the cast its rules are tested with: its Owner, two Posters, a Commentor, and the
 * standard outsider (a Poster of another group), each a new member with a client.
 */
export async function groupWithEveryRole(app: TestApp) {
  const owner = await memberWithClient(app);
  const group = await createGroupAs(owner.client);
  const poster = await memberInGroup(app, group.id, 'Poster');
  const secondPoster = await memberInGroup(app, group.id, 'Poster');
  const commentor = await memberInGroup(app, group.id, 'Commentor');
  const outsider = await memberOfAnotherGroup(app);
  return { owner, group, poster, secondPoster, commentor, outsider };
}

/** Creates a post through the API and returns its body. */
export async function createPostAs(
  client: TestClient,
  post: { tldr?: string; content?: string; group_id?: string | null } = {},
) {
  const res = await client.post('/api/posts', { post: { tldr: uniqueName('post'), content: '', ...post } });
  if (res.status !== 201) throw new Error(`post not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; tldr: string };
}
