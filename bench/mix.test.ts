import { describe, expect, it } from 'vitest';
import { latencySummary, percentile } from './support/latency.mjs';
import {
  AUDITED_MIX,
  GROUPS_MIX,
  type MixClassName,
  type MixTargets,
  memberRequests,
  mixWithWrites,
  planMix,
  ratioToFloor,
  rotate,
} from './support/mix-plan';

const count = (plan: readonly MixClassName[]) =>
  plan.reduce<Record<string, number>>((counts, name) => ({ ...counts, [name]: (counts[name] ?? 0) + 1 }), {});

const targets: MixTargets = {
  deeperCursors: ['c2', 'c3', 'c4'],
  openPosts: ['open-a', 'open-b'],
  likePosts: ['like-a', 'like-b', 'like-c'],
  searchWords: ['garden', 'river'],
  groups: [
    { groupId: 'g-a', pinPostId: 'pin-a', inviteeIds: ['u-1', 'u-2'] },
    { groupId: 'g-b', pinPostId: 'pin-b', inviteeIds: ['u-3'] },
  ],
};

describe('the mix of classes', () => {
  it('is the audited mix at 16 % writes, to the operation', () => {
    expect(count(planMix(mixWithWrites(16), 100))).toEqual({
      timeline: 55,
      'deeper page': 10,
      'post with comments': 10,
      inbox: 5,
      search: 3,
      'public feed': 1,
      like: 8,
      comment: 4,
      post: 2,
      'notifications read': 2,
    });
  });

  it('scales reads and writes each in proportion for the other write shares', () => {
    const none = count(planMix(mixWithWrites(0), 400));
    expect(Object.keys(none)).not.toContain('like');
    expect(none.timeline).toBe(262); // 55/84 of 400 = 261.9
    const two = count(planMix(mixWithWrites(2), 400));
    expect([two.like, two.comment, two.post, two['notifications read']]).toEqual([4, 2, 1, 1]);
    const twenty = count(planMix(mixWithWrites(20), 400));
    expect([twenty.like, twenty.comment, twenty.post, twenty['notifications read']]).toEqual([
      40, 20, 10, 10,
    ]);
    for (const plan of [none, two, twenty])
      expect(Object.values(plan).reduce((sum, n) => sum + n, 0)).toBe(400);
  });

  it('puts the group paths in the audited mix in place of some timelines and likes, at the same write share', () => {
    const audited = count(planMix(mixWithWrites(16), 100));
    const groups = count(planMix(mixWithWrites(16, GROUPS_MIX), 100));
    expect(groups).toEqual({
      ...audited,
      timeline: 45,
      'group timeline': 10,
      like: 4,
      react: 2,
      pin: 1,
      invite: 1,
    });
    const writes = (mix: Record<string, number>) =>
      ['like', 'react', 'comment', 'post', 'notifications read', 'pin', 'invite'].reduce(
        (sum, k) => sum + (mix[k] ?? 0),
        0,
      );
    expect(writes(groups)).toBe(writes(audited));
  });

  it('spreads each class over the list instead of bunching it', () => {
    const plan = planMix(AUDITED_MIX, 100);
    const likes = plan.flatMap((name, i) => (name === 'like' ? [i] : []));
    // Six likes in 100: about one in every 16.7, never two close together.
    for (let k = 1; k < likes.length; k++) expect(likes[k]! - likes[k - 1]!).toBeGreaterThanOrEqual(10);
    expect(plan.slice(0, 10).filter((name) => name === 'timeline').length).toBeGreaterThanOrEqual(5);
  });

  it('rotates a plan so connections start at different places', () => {
    expect(rotate(['a', 'b', 'c', 'd'], 1)).toEqual(['b', 'c', 'd', 'a']);
    expect(rotate(['a', 'b', 'c'], 5)).toEqual(['c', 'a', 'b']);
  });
});

describe("a member's requests", () => {
  it('makes every like a real change: like then unlike of the same post, then the next post', () => {
    const requests = memberRequests(['like', 'timeline', 'like', 'like', 'like'], targets, 1);
    const likes = requests.filter((r) => r.kind === 'like').map((r) => `${r.method} ${r.path}`);
    expect(likes).toEqual([
      'POST /api/posts/like-b/likes',
      'DELETE /api/posts/like-b/likes',
      'POST /api/posts/like-c/likes',
      'DELETE /api/posts/like-c/likes',
    ]);
  });

  it('makes every reaction a real change too: give then take back, on posts past the likes', () => {
    const requests = memberRequests(['react', 'timeline', 'react', 'react', 'react'], targets, 0);
    const reactions = requests.filter((r) => r.kind === 'react').map((r) => `${r.method} ${r.path}`);
    expect(reactions).toEqual([
      'PUT /api/posts/like-b/reactions/thumbs_up',
      'DELETE /api/posts/like-b/reactions/thumbs_up',
      'PUT /api/posts/like-c/reactions/heart',
      'DELETE /api/posts/like-c/reactions/heart',
    ]);
  });

  it('opens a post as the web app does, the post and then its comments', () => {
    const requests = memberRequests(['post with comments'], targets, 0);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/posts/open-a',
      'GET /api/posts/open-a/comments',
    ]);
  });

  it('sends the public feed signed out and the rest signed in, with the spec bodies', () => {
    const requests = memberRequests(
      ['public feed', 'search', 'comment', 'post', 'notifications read', 'deeper page'],
      targets,
      0,
    );
    expect(requests.map((r) => [r.method, r.path, r.signedIn ?? true])).toEqual([
      ['GET', '/api/published_posts', false],
      ['POST', '/api/search', true],
      ['POST', '/api/posts/open-a/comments', true],
      ['POST', '/api/posts', true],
      ['POST', '/api/notifications/read_all', true],
      ['GET', '/api/posts?after=c2', true],
    ]);
    expect(requests[1]!.body).toEqual({ query: 'garden' });
    expect(requests[2]!.body).toEqual({ comment: { content: expect.stringContaining('{n}') } });
    expect(requests[3]!.body).toMatchObject({ post: { group_id: null } });
  });
});

describe("a moderator's requests", () => {
  it('opens their group as the group page does, pins then unpins one post, and invites in turn', () => {
    const requests = memberRequests(
      ['group timeline', 'pin', 'pin', 'invite', 'invite', 'invite'],
      targets,
      1,
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/posts?group_id=g-b',
      'GET /api/groups/g-b/pins',
      'PUT /api/groups/g-b/pins/pin-b',
      'DELETE /api/groups/g-b/pins/pin-b',
      'POST /api/groups/g-b/invitations',
      'POST /api/groups/g-b/invitations',
      'POST /api/groups/g-b/invitations',
    ]);
    expect(requests.slice(4).map((r) => r.body)).toEqual(
      Array.from({ length: 3 }, () => ({ invitation: { user_id: 'u-3' } })),
    );
    const first = memberRequests(['invite', 'invite'], targets, 0);
    expect(first.map((r) => r.body)).toEqual([
      { invitation: { user_id: 'u-1' } },
      { invitation: { user_id: 'u-2' } },
    ]);
  });
});

describe('percentiles and ratios', () => {
  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it('summarises unsorted samples, the slow tail in p99', () => {
    const samples = [...Array.from({ length: 98 }, () => 2), 40, 3];
    expect(latencySummary(samples)).toEqual({ p50: 2, p95: 2, p99: 3 });
    expect(latencySummary([...samples, 50]).p99).toBe(40);
  });

  it('divides by the mean of the floor runs around the run', () => {
    expect(ratioToFloor(300, [2_000, 4_000])).toBe(0.1);
    expect(() => ratioToFloor(300, [])).toThrow();
  });
});
