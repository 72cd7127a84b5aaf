// The pure parts of the mix bench (bench/mix.ts): what a community does at once, as weighted classes
// of operation, turned into the request list each member's connection cycles.

import { REACTION_EMOJI } from '../../shared/domain/reactions';

/** Where a member's reactions start in the like posts, past their likes. */
const REACT_SHIFT = 7;

/** One class of operation and its weight in the audited mix (percent of all operations). */
export interface MixClass {
  name: MixClassName;
  weight: number;
  write: boolean;
}

export type MixClassName =
  | 'timeline'
  | 'deeper page'
  | 'post with comments'
  | 'inbox'
  | 'search'
  | 'public feed'
  | 'like'
  | 'react'
  | 'comment'
  | 'post'
  | 'notifications read'
  | 'group timeline'
  | 'pin'
  | 'invite';

/** Issue 26's audited mix: 84 % reads, 16 % writes. */
export const AUDITED_MIX: readonly MixClass[] = [
  { name: 'timeline', weight: 55, write: false },
  { name: 'deeper page', weight: 10, write: false },
  { name: 'post with comments', weight: 10, write: false },
  { name: 'inbox', weight: 5, write: false },
  { name: 'search', weight: 3, write: false },
  { name: 'public feed', weight: 1, write: false },
  { name: 'like', weight: 8, write: true },
  { name: 'comment', weight: 4, write: true },
  { name: 'post', weight: 2, write: true },
  { name: 'notifications read', weight: 2, write: true },
];

/**
 * The audited mix with issue 27's paths in it: 10 of the 55 timeline reads open one of the member's
 * groups (its posts and its pins, as the group page loads them), and half of the likes become
 * reactions (2: give then take back an emoji, ADR 044) and an Owner's or Moderator's work (pinning or
 * unpinning a post 1, inviting a member 1). Read beside the audited mix, at the same write share, to
 * see that the new paths cost no more than what they replace.
 */
export const GROUPS_MIX: readonly MixClass[] = AUDITED_MIX.flatMap((c): MixClass[] => {
  if (c.name === 'timeline')
    return [
      { ...c, weight: c.weight - 10 },
      { name: 'group timeline', weight: 10, write: false },
    ];
  if (c.name === 'like')
    return [
      { ...c, weight: c.weight - 4 },
      { name: 'react', weight: 2, write: true },
      { name: 'pin', weight: 1, write: true },
      { name: 'invite', weight: 1, write: true },
    ];
  return [c];
});

/**
 * The audited mix with writes making `writePercent` % of the operations: reads and writes each
 * scaled in proportion, so 0 % is the reads alone and 20 % keeps likes:comments:posts:reads at 4:2:1:1.
 */
export function mixWithWrites(writePercent: number, mix: readonly MixClass[] = AUDITED_MIX): MixClass[] {
  if (!(writePercent >= 0 && writePercent <= 100)) throw new Error('writePercent must be 0 to 100');
  const sum = (write: boolean) => mix.filter((c) => c.write === write).reduce((s, c) => s + c.weight, 0);
  const reads = sum(false);
  const writes = sum(true);
  return mix
    .map((c) => ({
      ...c,
      weight: c.write ? (c.weight / writes) * writePercent : (c.weight / reads) * (100 - writePercent),
    }))
    .filter((c) => c.weight > 0);
}

/**
 * `length` class names in the order a connection sends them: each class's share of `length` by
 * largest remainder (so the counts add up exactly), and each class's occurrences spread evenly
 * over the list (the k-th of n at (k + 1/2) / n of the way), so a short run still sees the mix.
 */
export function planMix(mix: readonly MixClass[], length: number): MixClassName[] {
  const total = mix.reduce((s, c) => s + c.weight, 0);
  const exact = mix.map((c) => (c.weight / total) * length);
  const counts = exact.map(Math.floor);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  let missing = length - counts.reduce((s, n) => s + n, 0);
  for (const { i } of byRemainder) {
    if (missing-- <= 0) break;
    counts[i]! += 1;
  }
  const slots = mix.flatMap((c, i) =>
    Array.from({ length: counts[i]! }, (_, k) => ({ name: c.name, at: (k + 0.5) / counts[i]!, i })),
  );
  return slots.sort((a, b) => a.at - b.at || a.i - b.i).map((slot) => slot.name);
}

/** `list` rotated to start at `offset`, so connections cycling the same plan are not in step. */
export function rotate<T>(list: readonly T[], offset: number): T[] {
  if (list.length === 0) return [];
  const start = ((offset % list.length) + list.length) % list.length;
  return [...list.slice(start), ...list.slice(0, start)];
}

/** One request of a class, as the web client sends it. */
export interface MixRequest {
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  signedIn?: boolean;
}

/** What the requests point at: ids, cursors and words found in the seeded community. */
export interface MixTargets {
  /** Cursors of the timeline's pages 2 and on (each from the page before it). */
  deeperCursors: string[];
  /** Posts every bench member sees, to open and to comment on. */
  openPosts: string[];
  /** Posts none of the bench members has liked, to like and unlike. */
  likePosts: string[];
  /** Words that occur in posts. */
  searchWords: string[];
  /** Per member (by index), a group they moderate: its timeline, a post to pin, members to invite. */
  groups: MemberGroup[];
}

export interface MemberGroup {
  groupId: string;
  /** The post every moderator of the group pins and unpins (pinning twice changes nothing). */
  pinPostId: string;
  /** Members outside the group whom this member may invite (asking again answers the open invitation). */
  inviteeIds: string[];
}

/**
 * Member `member`'s requests for a plan (already rotated for them). A like is a real change every
 * time: the member's likes alternate like then unlike of the same post, each pair on the next
 * post (posts shifted by member, so members like different posts). The post with comments is two
 * requests, the post and its comments' first page, as the web app's post page loads it.
 */
export function memberRequests(
  plan: readonly MixClassName[],
  targets: MixTargets,
  member: number,
): MixRequest[] {
  const seen = new Map<MixClassName, number>();
  const pick = <T>(list: readonly T[], k: number): T => {
    if (list.length === 0) throw new Error('the mix has no target for a class it sends');
    return list[k % list.length]!;
  };
  return plan.flatMap((name): MixRequest[] => {
    const k = seen.get(name) ?? 0;
    seen.set(name, k + 1);
    switch (name) {
      case 'timeline':
        return [{ kind: name, method: 'GET', path: '/api/posts' }];
      case 'deeper page':
        return [
          {
            kind: name,
            method: 'GET',
            path: `/api/posts?after=${encodeURIComponent(pick(targets.deeperCursors, k + member))}`,
          },
        ];
      case 'post with comments': {
        const id = pick(targets.openPosts, k + member);
        return [
          { kind: 'post with comments: post', method: 'GET', path: `/api/posts/${id}` },
          { kind: 'post with comments: comments', method: 'GET', path: `/api/posts/${id}/comments` },
        ];
      }
      case 'inbox':
        return [{ kind: name, method: 'GET', path: '/api/notifications' }];
      case 'search':
        return [
          {
            kind: name,
            method: 'POST',
            path: '/api/search',
            body: { query: pick(targets.searchWords, k + member) },
          },
        ];
      case 'public feed':
        return [{ kind: name, method: 'GET', path: '/api/published_posts', signedIn: false }];
      case 'like': {
        const id = pick(targets.likePosts, Math.floor(k / 2) + member);
        return [{ kind: name, method: k % 2 === 0 ? 'POST' : 'DELETE', path: `/api/posts/${id}/likes` }];
      }
      case 'react': {
        // As a like: give then take back the same emoji on the same post, each a real change. The
        // posts start further down the list than the likes', so a like and a reaction rarely meet.
        const id = pick(targets.likePosts, Math.floor(k / 2) + member + REACT_SHIFT);
        const emoji = REACTION_EMOJI[(Math.floor(k / 2) + member) % REACTION_EMOJI.length]!;
        return [
          {
            kind: name,
            method: k % 2 === 0 ? 'PUT' : 'DELETE',
            path: `/api/posts/${id}/reactions/${emoji}`,
          },
        ];
      }
      case 'comment':
        return [
          {
            kind: name,
            method: 'POST',
            path: `/api/posts/${pick(targets.openPosts, k + member)}/comments`,
            body: { comment: { content: 'A comment from the mix bench, {n}.' } },
          },
        ];
      case 'post':
        return [
          {
            kind: name,
            method: 'POST',
            path: '/api/posts',
            body: {
              post: {
                tldr: 'Mix bench post {n}',
                content: 'Written under the mix, **{n}**.',
                group_id: null,
              },
            },
          },
        ];
      case 'notifications read':
        return [{ kind: name, method: 'POST', path: '/api/notifications/read_all' }];
      case 'group timeline': {
        const { groupId } = pick(targets.groups, member);
        return [
          { kind: 'group timeline: posts', method: 'GET', path: `/api/posts?group_id=${groupId}` },
          { kind: 'group timeline: pins', method: 'GET', path: `/api/groups/${groupId}/pins` },
        ];
      }
      case 'pin': {
        const { groupId, pinPostId } = pick(targets.groups, member);
        return [
          {
            kind: name,
            method: k % 2 === 0 ? 'PUT' : 'DELETE',
            path: `/api/groups/${groupId}/pins/${pinPostId}`,
          },
        ];
      }
      case 'invite': {
        const { groupId, inviteeIds } = pick(targets.groups, member);
        return [
          {
            kind: name,
            method: 'POST',
            path: `/api/groups/${groupId}/invitations`,
            body: { invitation: { user_id: pick(inviteeIds, k) } },
          },
        ];
      }
    }
  });
}

/** A run's throughput as a multiple of the floor's: the mean of the floor runs around it. */
export function ratioToFloor(rps: number, floors: readonly number[]): number {
  if (floors.length === 0) throw new Error('no floor run');
  const floor = floors.reduce((s, f) => s + f, 0) / floors.length;
  return rps / floor;
}
