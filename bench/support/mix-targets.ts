// What the mix bench's requests point at, found in the seeded community: posts every bench member
// sees (to open and comment on), posts none of them has liked (to like), words that occur (to
// search), one word in about a fifth of all posts, and the timeline's deeper cursors.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../server/db/client';
import { SESSION_COOKIE } from '../../server/http/auth';
import { insertSession } from '../../server/features/sessions/sessions.repo';
import { hashToken, randomToken } from '../../server/lib/tokens';
import { WORDS } from './community';
import { asSent, type GeneratorRequest } from './generator';
import { type MemberGroup, type MixClassName, type MixTargets, memberRequests, rotate } from './mix-plan';

export interface Member {
  id: string;
  username: string;
  /** name=value of the member's session cookie. */
  cookie: string;
}

/**
 * Words of the seed's mix that a search keeps (those before 'garden' are the common little words
 * full-text search drops as stop words).
 */
const CANDIDATE_WORDS = WORDS.slice(WORDS.indexOf('garden'));

/**
 * `count` seeded members, each with a day-long session: those who belong to the most groups
 * (`first`, the seed's viewer, leading), so their timelines hold group posts and their inboxes fill
 * as the others like and comment.
 */
export async function signInMembers(db: Db, count: number, first: string): Promise<Member[]> {
  const chosen = rowsOf<{ id: string; username: string }>(
    await db.execute(sql`select u.id, u.username from users u
      join group_roles r on r.user_id = u.id
      group by u.id, u.username
      order by (u.id = ${first}) desc, count(*) desc, u.username
      limit ${count}`),
  );
  if (chosen.length < count) throw new Error(`only ${chosen.length} members belong to groups`);
  const members: Member[] = [];
  for (const member of chosen) {
    const token = randomToken();
    await insertSession(db, {
      userId: member.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 24 * 3_600_000),
    });
    members.push({ ...member, cookie: `${SESSION_COOKIE}=${token}` });
  }
  return members;
}

/**
 * Every bench member an Owner or Moderator of a group, for the group paths of GROUPS_MIX: a member
 * who moderates none becomes a Moderator of the group they joined first (a club has several).
 */
export async function appointModerators(db: Db, memberIds: string[]) {
  const members = `{${memberIds.join(',')}}`;
  await db.execute(sql`update group_roles r set role = 'Moderator'
    from (
      select distinct on (g.user_id) g.id from group_roles g
      where g.user_id = any (${members}::uuid[])
        and not exists (select 1 from group_roles o
          where o.user_id = g.user_id and o.role in ('Owner', 'Moderator'))
      order by g.user_id, g.created_at, g.id
    ) first_joined
    where r.id = first_joined.id`);
}

/** How many members each moderator may invite before asking again (which answers the open one). */
const INVITEES = 40;

/**
 * Per member (in `memberIds`' order), a group they moderate, the post its moderators pin and unpin
 * (its newest, by an author no block touches), and members outside it they may invite (confirmed,
 * no block either way).
 */
async function findMemberGroups(db: Db, memberIds: string[]): Promise<MemberGroup[]> {
  const groups: MemberGroup[] = [];
  for (const memberId of memberIds) {
    const [group] = rowsOf<{ group_id: string; post_id: string | null }>(
      await db.execute(sql`select r.group_id, (
          select p.id from posts p
          where p.group_id = r.group_id
            and not exists (select 1 from user_blocks b where p.user_id in (b.blocker_id, b.blocked_id))
          order by p.created_at desc limit 1) as post_id
        from group_roles r
        where r.user_id = ${memberId} and r.role in ('Owner', 'Moderator')
        order by (r.role = 'Owner') desc, r.group_id
        limit 1`),
    );
    if (!group?.post_id) throw new Error(`member ${memberId} moderates no group with a post`);
    const invitees = rowsOf<{ id: string }>(
      await db.execute(sql`select u.id from users u
        where u.confirmed_at is not null and u.id <> ${memberId}
          and not exists (select 1 from group_roles g where g.group_id = ${group.group_id} and g.user_id = u.id)
          and not exists (select 1 from user_blocks b
            where (b.blocker_id = u.id and b.blocked_id = ${memberId})
               or (b.blocker_id = ${memberId} and b.blocked_id = u.id))
        order by u.username limit ${INVITEES}`),
    ).map((row) => row.id);
    if (invitees.length === 0) throw new Error(`nobody to invite into group ${group.group_id}`);
    groups.push({ groupId: group.group_id, pinPostId: group.post_id, inviteeIds: invitees });
  }
  return groups;
}

/** How far through the timeline deeper pages go: a cursor from page 1 to 5. */
const DEEPER_PAGES = 5;

export async function findMixTargets(db: Db, options: { memberIds: string[]; hotPostId: string }) {
  const members = `{${options.memberIds.join(',')}}`;
  // Recent posts outside groups that have a conversation (the 200-comment post is measured alone).
  const openPosts = rowsOf<{ id: string }>(
    await db.execute(sql`select p.id from posts p
      where p.group_id is null and p.id <> ${options.hotPostId}
        and exists (select 1 from comments c where c.post_id = p.id)
      order by p.created_at desc limit 20`),
  ).map((r) => r.id);
  const likePosts = rowsOf<{ id: string }>(
    await db.execute(sql`select p.id from posts p
      where p.group_id is null and p.user_id <> all (${members}::uuid[])
        and not exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = any (${members}::uuid[]))
      order by p.created_at desc limit 400`),
  ).map((r) => r.id);
  // Each post's words once (a post's text split on anything but letters), counted per word in one pass.
  const shares = rowsOf<{ word: string; share: number }>(
    await db.execute(sql`select w.word, count(distinct p.id)::float
          / greatest(1, (select count(*) from posts)) as share
      from posts p
      cross join lateral regexp_split_to_table(lower(p.tldr || ' ' || p.content), '[^a-z]+') as w(word)
      where w.word = any (${`{${CANDIDATE_WORDS.join(',')}}`}::text[])
      group by w.word
      order by share desc`),
  );
  const occurring = shares.filter((s) => s.share > 0);
  if (occurring.length === 0) throw new Error('none of the search words occurs in the posts');
  const fifthWord = [...occurring].sort((a, b) => Math.abs(a.share - 0.2) - Math.abs(b.share - 0.2))[0]!;
  // The mix searches what members look for: words in a few posts each (1 to 10 %), several of them.
  const few = occurring.filter((s) => s !== fifthWord && s.share >= 0.01 && s.share <= 0.1);
  const searchWords = (few.length > 0 ? few : occurring).slice(0, 8).map((s) => s.word);
  const groups = await findMemberGroups(db, options.memberIds);
  return {
    openPosts,
    likePosts,
    searchWords,
    fifthWord,
    /** The targets with the timeline's cursors, read from the running app as `cookie`'s member. */
    async withCursors(base: string, cookie: string): Promise<MixTargets> {
      const deeperCursors: string[] = [];
      let after: string | null = null;
      for (let page = 1; page <= DEEPER_PAGES; page++) {
        const response: Response = await fetch(
          `${base}/api/posts${after ? `?after=${encodeURIComponent(after)}` : ''}`,
          { headers: { cookie, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } },
        );
        await response.arrayBuffer();
        after = response.headers.get('x-next-cursor');
        if (!after) break;
        deeperCursors.push(after);
      }
      if (deeperCursors.length === 0) throw new Error('the timeline has a single page');
      return { deeperCursors, openPosts, likePosts, searchWords, groups };
    },
  };
}

/**
 * One request list per member: the plan rotated by the member's share of it (so the connections
 * are not in step), its classes made requests for that member, with that member's cookie.
 */
export function mixClients(
  base: string,
  members: readonly Member[],
  plan: readonly MixClassName[],
  targets: MixTargets,
  run = 0,
): GeneratorRequest[][] {
  // A run that stops between a like and its unlike leaves that post liked: each run starts its
  // likes further down the list, so its first like is again a change.
  const shifted = { ...targets, likePosts: rotate(targets.likePosts, run * LIKE_SHIFT) };
  return members.map((member, m) =>
    memberRequests(rotate(plan, Math.floor((m * plan.length) / members.length)), shifted, m).map((request) =>
      asSent(base, member.cookie, request),
    ),
  );
}

/** More than the like pairs in one plan (20 at 20 % writes) plus the members' own shift. */
const LIKE_SHIFT = 50;
