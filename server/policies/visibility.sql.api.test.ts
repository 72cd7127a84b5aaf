import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupRole, LinkVisibility } from '../../shared/domain/constants';
import type { Database } from '../db/client';
import {
  follows,
  groupEvents,
  groupRoles,
  groups,
  links,
  postIgnores,
  posts,
  userBlocks,
  users,
} from '../db/schema';
import { openTestDatabase } from '../../tests/support/test-database';
import {
  canViewEvent,
  canViewLink,
  canViewPost,
  canVisitorViewLink,
  isBlockedEitherWay,
  notBlockedCondition,
  notIgnoredCondition,
  publishedLinksCondition,
  visibleEventsCondition,
  visibleLinksCondition,
  visiblePostsCondition,
} from './visibility';

/**
 * The visibility rule comes twice: a pure function for a loaded row and a SQL condition for
 * queries. Here each SQL condition runs against a small world and must select exactly the rows
 * the pure form allows, for every (viewer, item) pair.
 */

const VIEWERS = ['owner', 'member', 'outsider', 'stranger', 'follower', 'shunned'] as const;
type Viewer = (typeof VIEWERS)[number];

/**
 * owner, member and shunned are in the group; outsider is a Poster of another group; stranger is in
 * none. The owner blocked shunned.
 */
const ROLES: Array<{ group: 'group' | 'other'; viewer: Viewer; role: GroupRole }> = [
  { group: 'group', viewer: 'owner', role: 'Owner' },
  { group: 'group', viewer: 'member', role: 'Commentor' },
  { group: 'group', viewer: 'shunned', role: 'Poster' },
  { group: 'other', viewer: 'outsider', role: 'Poster' },
];
const POSTS: Array<{ key: string; author: Viewer; group: 'group' | 'other' | null }> = [
  { key: 'open by owner', author: 'owner', group: null },
  { key: 'in the group', author: 'owner', group: 'group' },
  { key: 'in the other group', author: 'outsider', group: 'other' },
  { key: 'open by stranger', author: 'stranger', group: null },
  { key: 'open by outsider', author: 'outsider', group: null },
];
/** The stranger blocked the owner; the member ignored the owner's open post. */
const BLOCKS: Array<{ blocker: Viewer; blocked: Viewer }> = [
  { blocker: 'stranger', blocked: 'owner' },
  { blocker: 'owner', blocked: 'shunned' },
];
const IGNORES: Array<{ viewer: Viewer; post: string }> = [{ viewer: 'member', post: 'open by owner' }];
const FOLLOWS: Array<{ follower: Viewer; followee: Viewer }> = [{ follower: 'follower', followee: 'owner' }];
const LINKS: Array<{
  key: string;
  owner: Viewer;
  visibility: LinkVisibility;
  status: 'pending' | 'ready' | 'failed';
  group?: 'group' | 'other';
}> = [
  { key: 'private', owner: 'owner', visibility: 'private', status: 'ready' },
  { key: 'public', owner: 'owner', visibility: 'public', status: 'ready' },
  { key: 'published', owner: 'owner', visibility: 'published', status: 'ready' },
  { key: 'published, still reading', owner: 'owner', visibility: 'published', status: 'pending' },
  { key: 'published, reading failed', owner: 'outsider', visibility: 'published', status: 'failed' },
  { key: "stranger's public", owner: 'stranger', visibility: 'public', status: 'ready' },
  { key: 'shared into the group', owner: 'owner', visibility: 'group', status: 'ready', group: 'group' },
  { key: 'shared into the other', owner: 'outsider', visibility: 'group', status: 'ready', group: 'other' },
];

/** Events (ADR 057): in a group, or among the organiser's followers. */
const EVENTS: Array<{ key: string; organizer: Viewer; group: 'group' | 'other' | null }> = [
  { key: 'event in the group', organizer: 'owner', group: 'group' },
  { key: 'event in the other group', organizer: 'outsider', group: 'other' },
  { key: "owner's followers' event", organizer: 'owner', group: null },
  { key: "stranger's followers' event", organizer: 'stranger', group: null },
];

describe('the visibility SQL conditions select what the pure rules allow', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const userIds = {} as Record<Viewer, string>;
  const groupIds = {} as Record<'group' | 'other', string>;
  const postIds: Record<string, string> = {};
  const linkIds: Record<string, string> = {};
  const eventIds: Record<string, string> = {};

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const { db } = database;
    for (const viewer of VIEWERS) {
      const [row] = await db
        .insert(users)
        .values({
          username: `vis_${viewer}`,
          email: `vis_${viewer}@example.test`,
          firstName: 'Vis',
          lastName: viewer,
          passwordHash: 'not a real hash',
          confirmedAt: new Date(),
        })
        .returning();
      userIds[viewer] = row!.id;
    }
    for (const key of ['group', 'other'] as const) {
      const [row] = await db
        .insert(groups)
        .values({ name: `Visibility ${key}` })
        .returning();
      groupIds[key] = row!.id;
    }
    for (const { group, viewer, role } of ROLES) {
      await db.insert(groupRoles).values({ groupId: groupIds[group], userId: userIds[viewer], role });
    }
    for (const post of POSTS) {
      const [row] = await db
        .insert(posts)
        .values({
          userId: userIds[post.author],
          tldr: post.key,
          groupId: post.group ? groupIds[post.group] : null,
        })
        .returning();
      postIds[post.key] = row!.id;
    }
    for (const { blocker, blocked } of BLOCKS) {
      await db.insert(userBlocks).values({ blockerId: userIds[blocker], blockedId: userIds[blocked] });
    }
    for (const { viewer, post } of IGNORES) {
      await db.insert(postIgnores).values({ userId: userIds[viewer], postId: postIds[post]! });
    }
    for (const { follower, followee } of FOLLOWS) {
      await db.insert(follows).values({ followerId: userIds[follower], followeeId: userIds[followee] });
    }
    for (const link of LINKS) {
      const url = `https://example.test/${encodeURIComponent(link.key)}`;
      const [row] = await db
        .insert(links)
        .values({
          userId: userIds[link.owner],
          url,
          normalizedUrl: url,
          domain: 'example.test',
          visibility: link.visibility,
          status: link.status,
          groupId: link.group ? groupIds[link.group] : null,
        })
        .returning();
      linkIds[link.key] = row!.id;
    }
    for (const event of EVENTS) {
      const [row] = await db
        .insert(groupEvents)
        .values({
          organizerId: userIds[event.organizer],
          groupId: event.group ? groupIds[event.group] : null,
          title: event.key,
          startsAt: new Date('2030-01-01T10:00:00Z'),
          endsAt: new Date('2030-01-01T12:00:00Z'),
          timeZone: 'UTC',
        })
        .returning();
      eventIds[event.key] = row!.id;
    }
  });
  afterAll(() => drop());

  const roleOf = (viewer: Viewer, group: 'group' | 'other' | null) =>
    ROLES.find((r) => r.group === group && r.viewer === viewer)?.role ?? null;
  const blocks = () =>
    BLOCKS.map(({ blocker, blocked }) => ({ blockerId: userIds[blocker], blockedId: userIds[blocked] }));

  async function postsWhere(condition: SQL) {
    const rows = await database.db
      .select({ tldr: posts.tldr })
      .from(posts)
      .where(and(inArray(posts.id, Object.values(postIds)), condition));
    return rows.map((row) => row.tldr).sort();
  }
  async function linksWhere(condition: SQL) {
    const rows = await database.db
      .select({ id: links.id })
      .from(links)
      .where(and(inArray(links.id, Object.values(linkIds)), condition));
    const keyOf = Object.fromEntries(Object.entries(linkIds).map(([key, id]) => [id, key]));
    return rows.map((row) => keyOf[row.id]!).sort();
  }
  async function eventsWhere(condition: SQL) {
    const rows = await database.db
      .select({ title: groupEvents.title })
      .from(groupEvents)
      .where(and(inArray(groupEvents.id, Object.values(eventIds)), condition));
    return rows.map((row) => row.title).sort();
  }
  const keys = <T extends { key: string }>(items: T[], allowed: (item: T) => boolean) =>
    items
      .filter(allowed)
      .map((item) => item.key)
      .sort();

  it.for(VIEWERS)('for the %s, each condition selects the rows its pure rule allows', async (viewer) => {
    const viewerId = userIds[viewer];
    const cases: Array<{ condition: string; sql: () => Promise<string[]>; pure: string[] }> = [
      {
        condition: 'visiblePostsCondition',
        sql: () => postsWhere(visiblePostsCondition(viewerId)),
        pure: keys(POSTS, (post) =>
          canViewPost({ groupId: post.group ? groupIds[post.group] : null }, roleOf(viewer, post.group)),
        ),
      },
      {
        condition: 'notBlockedCondition',
        sql: () => postsWhere(notBlockedCondition(viewerId, sql.raw('posts.user_id'))),
        pure: keys(POSTS, (post) => !isBlockedEitherWay(blocks(), viewerId, userIds[post.author])),
      },
      {
        condition: 'notIgnoredCondition',
        sql: () => postsWhere(notIgnoredCondition(viewerId)),
        pure: keys(POSTS, (post) => !IGNORES.some((i) => i.viewer === viewer && i.post === post.key)),
      },
      {
        condition: 'visibleLinksCondition',
        sql: () => linksWhere(visibleLinksCondition(viewerId)),
        pure: keys(LINKS, (link) =>
          canViewLink(
            {
              userId: userIds[link.owner],
              visibility: link.visibility,
              groupId: link.group ? groupIds[link.group] : null,
            },
            viewerId,
            {
              followsOwner: FOLLOWS.some((f) => f.follower === viewer && f.followee === link.owner),
              groupRole: link.group ? roleOf(viewer, link.group) : null,
              blockedWithOwner: isBlockedEitherWay(blocks(), viewerId, userIds[link.owner]),
            },
          ),
        ),
      },
      {
        condition: 'visibleEventsCondition',
        sql: () => eventsWhere(visibleEventsCondition(viewerId)),
        pure: keys(EVENTS, (event) =>
          canViewEvent(
            { organizerId: userIds[event.organizer], groupId: event.group ? groupIds[event.group] : null },
            viewerId,
            {
              groupRole: event.group ? roleOf(viewer, event.group) : null,
              followsOrganizer: FOLLOWS.some((f) => f.follower === viewer && f.followee === event.organizer),
              blockedWithOrganizer: isBlockedEitherWay(blocks(), viewerId, userIds[event.organizer]),
            },
          ),
        ),
      },
      {
        condition: 'publishedLinksCondition',
        sql: () => linksWhere(publishedLinksCondition()),
        pure: keys(LINKS, (link) => canVisitorViewLink(link)),
      },
    ];
    for (const { condition, sql: select, pure } of cases) {
      expect(await select(), `${condition} for the ${viewer}`).toEqual(pure);
    }
  });

  it('the world tells the rules apart: each condition hides something from someone', async () => {
    // Without this, a world where every condition selected everything would pass the test above.
    expect(await postsWhere(visiblePostsCondition(userIds.outsider))).not.toContain('in the group');
    expect(await postsWhere(visiblePostsCondition(userIds.outsider))).toContain('in the other group');
    expect(await postsWhere(visiblePostsCondition(userIds.member))).not.toContain('in the other group');
    expect(await postsWhere(notBlockedCondition(userIds.owner, sql.raw('posts.user_id')))).not.toContain(
      'open by stranger',
    );
    expect(await postsWhere(notIgnoredCondition(userIds.member))).not.toContain('open by owner');
    expect(await linksWhere(visibleLinksCondition(userIds.follower))).toEqual([
      'public',
      'published',
      'published, reading failed',
      'published, still reading',
    ]);
    expect(await linksWhere(visibleLinksCondition(userIds.stranger))).not.toContain('public');
    expect(await linksWhere(publishedLinksCondition())).toEqual(['published']);
    // A group link: its group's members (not one the sharer blocked), never another group's.
    expect(await linksWhere(visibleLinksCondition(userIds.member))).toContain('shared into the group');
    expect(await linksWhere(visibleLinksCondition(userIds.outsider))).not.toContain('shared into the group');
    expect(await linksWhere(visibleLinksCondition(userIds.outsider))).toContain('shared into the other');
    expect(await linksWhere(visibleLinksCondition(userIds.shunned))).not.toContain('shared into the group');
    expect(await linksWhere(visibleLinksCondition(userIds.owner))).not.toContain('shared into the other');
    // Events: a group's members (not one the organiser blocked); followers for an event with no group.
    expect(await eventsWhere(visibleEventsCondition(userIds.member))).toEqual(['event in the group']);
    expect(await eventsWhere(visibleEventsCondition(userIds.shunned))).toEqual([]);
    expect(await eventsWhere(visibleEventsCondition(userIds.follower))).toEqual(["owner's followers' event"]);
    expect(await eventsWhere(visibleEventsCondition(userIds.stranger))).toEqual([
      "stranger's followers' event",
    ]);
    expect(await eventsWhere(visibleEventsCondition(userIds.outsider))).toEqual(['event in the other group']);
  });
});
