import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poll } from '../../../shared/api/polls';
import { POLL_MESSAGES } from '../../../shared/domain/polls';
import { postPolls, postPollVotes } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { fetchBytes } from '../../../tests/support/file-factories';
import { groupWithEveryRole } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { openZip } from '../../../tests/support/zip';

/** Polls on posts (issue 30 part 3, ADR 058) over HTTP against the test database (PGlite, or PostgreSQL). */
describe('polls', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A group with its Owner, two Posters (one who asks, one who votes) and a Commentor, and a member of another group. */
  async function world() {
    const { secondPoster: voter, ...cast } = await groupWithEveryRole(app);
    return { ...cast, voter };
  }

  async function pollPost(client: TestClient, groupId: string | null, poll: Record<string, unknown>) {
    const res = await client.post('/api/posts', {
      post: {
        tldr: 'Where do we meet?',
        group_id: groupId,
        poll: { options: ['Park', 'Library', 'Café'], ...poll },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; poll: Poll };
  }

  const optionId = (poll: Poll, label: string) => poll.options.find((option) => option.label === label)!.id;
  const vote = (client: TestClient, postId: string, ids: string[]) =>
    client.put<Poll>(`/api/posts/${postId}/poll/vote`, { vote: { option_ids: ids } });

  /** Closes the poll by moving its closing time into the past, as time would. */
  const closePoll = (postId: string) =>
    app.context.db
      .update(postPolls)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(postPolls.postId, postId));

  it('carries a poll on a new post, shown with the post, its counts hidden until the viewer votes', async () => {
    const w = await world();
    const post = await pollPost(w.poster.client, w.group.id, { options: ['  Park ', 'Library', 'Café'] });
    expect(post.poll).toEqual({
      multiple: false,
      results: 'after_voting',
      anonymous: false,
      closes_at: null,
      closed: false,
      voters_count: 0,
      voted: false,
      my_option_ids: [],
      results_visible: false,
      can_vote: true,
      options: [
        { id: expect.any(String), label: 'Park', votes: null },
        { id: expect.any(String), label: 'Library', votes: null },
        { id: expect.any(String), label: 'Café', votes: null },
      ],
    });
    const voted = await vote(w.voter.client, post.id, [optionId(post.poll, 'Library')]);
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    expect(voted.body).toMatchObject({ voted: true, results_visible: true, voters_count: 1 });
    expect(voted.body.my_option_ids).toEqual([optionId(post.poll, 'Library')]);
    expect(voted.body.options.map((option) => option.votes)).toEqual([0, 1, 0]);

    // The author, who has not voted, sees the number of votes but not the counts, on every read of the post.
    const shown = await w.poster.client.get(`/api/posts/${post.id}`);
    expect(shown.body.poll).toMatchObject({ voters_count: 1, voted: false, results_visible: false });
    expect(shown.body.poll.options.map((option: { votes: number | null }) => option.votes)).toEqual([
      null,
      null,
      null,
    ]);
    const timeline = await w.voter.client.get(`/api/posts?group_id=${w.group.id}`);
    const card = (timeline.body as { id: string; poll: Poll }[]).find((item) => item.id === post.id)!;
    expect(card.poll.options.map((option) => option.votes)).toEqual([0, 1, 0]);
    // A post without a poll says so.
    const plain = await w.poster.client.post('/api/posts', {
      post: { tldr: 'No poll', group_id: w.group.id },
    });
    expect(plain.body.poll).toBeNull();
  });

  it('changes and takes back a vote, one option in a single-choice poll, several in a multiple one', async () => {
    const w = await world();
    const single = await pollPost(w.poster.client, w.group.id, {});
    const [park, library] = [optionId(single.poll, 'Park'), optionId(single.poll, 'Library')];
    expect((await vote(w.voter.client, single.id, [park, library])).body).toEqual({
      errors: { option_ids: [POLL_MESSAGES.single] },
    });
    await vote(w.voter.client, single.id, [park]);
    const changed = await vote(w.voter.client, single.id, [library]);
    expect(changed.body.options.map((option) => option.votes)).toEqual([0, 1, 0]);
    expect(changed.body.voters_count).toBe(1);
    const retracted = await w.voter.client.delete<Poll>(`/api/posts/${single.id}/poll/vote`);
    expect(retracted.status).toBe(200);
    expect(retracted.body).toMatchObject({
      voted: false,
      voters_count: 0,
      results_visible: false,
      my_option_ids: [],
    });

    const multiple = await pollPost(w.poster.client, w.group.id, { multiple: true });
    const ids = multiple.poll.options.map((option) => option.id);
    const both = await vote(w.voter.client, multiple.id, [ids[0]!, ids[2]!]);
    expect(both.body.options.map((option) => option.votes)).toEqual([1, 0, 1]);
    expect(both.body.my_option_ids.sort()).toEqual([ids[0]!, ids[2]!].sort());
    // An option of another poll is not one of this poll's.
    expect((await vote(w.voter.client, multiple.id, [park])).body).toEqual({
      errors: { option_ids: [POLL_MESSAGES.notAnOption] },
    });
  });

  it('shows results "after closing" only once closed, and refuses votes after', async () => {
    const w = await world();
    const post = await pollPost(w.poster.client, w.group.id, {
      results: 'after_closing',
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const park = optionId(post.poll, 'Park');
    const voted = await vote(w.voter.client, post.id, [park]);
    expect(voted.body).toMatchObject({ voted: true, results_visible: false, closed: false });
    expect(voted.body.options[0]!.votes).toBeNull();
    expect((await w.voter.client.get(`/api/posts/${post.id}/poll/voters`)).status).toBe(403);

    await closePoll(post.id);
    const closed = await w.commentor.client.get<Poll>(`/api/posts/${post.id}/poll`);
    expect(closed.body).toMatchObject({ closed: true, results_visible: true, can_vote: false, voted: false });
    expect(closed.body.options.map((option) => option.votes)).toEqual([1, 0, 0]);
    expect((await vote(w.commentor.client, post.id, [park])).body).toEqual({
      errors: { vote: [POLL_MESSAGES.closed] },
    });
    expect((await w.voter.client.delete(`/api/posts/${post.id}/poll/vote`)).body).toEqual({
      errors: { vote: [POLL_MESSAGES.closed] },
    });
    const voters = await w.commentor.client.get(`/api/posts/${post.id}/poll/voters`);
    expect(voters.status).toBe(200);
    expect(voters.body[0]).toEqual({
      option_id: park,
      voters: [
        { profile_id: w.voter.member.id, username: w.voter.member.username, name: expect.any(String) },
      ],
    });
  });

  it('keeps anonymous votes without their voter: no route, not even for an admin, says who voted what', async () => {
    const w = await world();
    const admin = await memberWithClient(app, { isAdmin: true });
    const post = await pollPost(w.poster.client, null, { anonymous: true });
    const cafe = optionId(post.poll, 'Café');
    const voted = await vote(w.voter.client, post.id, [cafe]);
    expect(voted.body).toMatchObject({ voted: true, my_option_ids: [], can_vote: false, anonymous: true });
    expect(voted.body.options.map((option) => option.votes)).toEqual([0, 0, 1]);

    // Stored without the voter: the only trace of them is that they voted.
    const stored = await app.context.db.select().from(postPollVotes).where(eq(postPollVotes.postId, post.id));
    expect(stored).toEqual([{ id: expect.any(String), postId: post.id, optionId: cafe, userId: null }]);

    // Final: neither changed nor taken back, and a second vote is refused.
    expect((await vote(w.voter.client, post.id, [optionId(post.poll, 'Park')])).body).toEqual({
      errors: { vote: [POLL_MESSAGES.anonymousFinal] },
    });
    expect((await w.voter.client.delete(`/api/posts/${post.id}/poll/vote`)).body).toEqual({
      errors: { vote: [POLL_MESSAGES.anonymousFinal] },
    });
    for (const client of [admin.client, w.poster.client, w.voter.client]) {
      const voters = await client.get(`/api/posts/${post.id}/poll/voters`);
      expect(voters.status).toBe(403);
      expect(voters.body).toEqual({ error: POLL_MESSAGES.anonymous });
    }
    const asAdmin = await admin.client.get(`/api/posts/${post.id}`);
    expect(asAdmin.body.poll).toMatchObject({ voters_count: 1, voted: false, my_option_ids: [] });
    expect(JSON.stringify(asAdmin.body)).not.toContain(w.voter.member.username);
  });

  it('leaves an anonymous vote out of the voter’s data export, which names only what they wrote', async () => {
    const w = await world();
    const secret = `Zanzibar ${Date.now().toString(36)}`;
    const post = await pollPost(w.poster.client, null, { anonymous: true, options: ['Park', secret] });
    expect((await vote(w.voter.client, post.id, [optionId(post.poll, secret)])).status).toBe(200);
    // A positive control: the export does carry what the voter wrote.
    await w.voter.client.post('/api/posts', { post: { tldr: 'My own words' } });
    const requested = await w.voter.client.post('/api/account/exports');
    expect(requested.status).toBe(202);
    let ready: { status: string; download_url: string } | undefined;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      const list = await w.voter.client.get('/api/account/exports');
      ready = list.body.find((row: { id: string; status: string }) => row.id === requested.body.id);
      if (ready && ready.status !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready?.status).toBe('ready');
    const zip = openZip((await fetchBytes(w.voter.client, ready!.download_url)).bytes);
    const everything = zip.names.map((name) => zip.text(name) ?? '').join('\n');
    expect(everything).toContain('My own words');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(post.id);
  });

  it('refuses a second vote sent at the same moment in an anonymous poll (the row lock)', async () => {
    const w = await world();
    const post = await pollPost(w.poster.client, w.group.id, { anonymous: true });
    const park = optionId(post.poll, 'Park');
    const answers = await Promise.all(Array.from({ length: 4 }, () => vote(w.voter.client, post.id, [park])));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 422, 422, 422]);
    const poll = await w.voter.client.get<Poll>(`/api/posts/${post.id}/poll`);
    expect(poll.body.options[0]!.votes).toBe(1);
    expect(poll.body.voters_count).toBe(1);
  });

  it('answers 404 on every poll route to a member who may not see the post, and for a post without a poll', async () => {
    const w = await world();
    const post = await pollPost(w.poster.client, w.group.id, {});
    const park = optionId(post.poll, 'Park');
    // A positive control first: a member of the group reads it.
    expect((await w.commentor.client.get(`/api/posts/${post.id}/poll`)).status).toBe(200);
    const outsider = w.outsider.client;
    expect((await outsider.get(`/api/posts/${post.id}/poll`)).status).toBe(404);
    expect((await vote(outsider, post.id, [park])).status).toBe(404);
    expect((await outsider.delete(`/api/posts/${post.id}/poll/vote`)).status).toBe(404);
    expect((await outsider.get(`/api/posts/${post.id}/poll/voters`)).status).toBe(404);
    const poll = await w.poster.client.get<Poll>(`/api/posts/${post.id}/poll`);
    expect(poll.body.voters_count).toBe(0);

    const plain = await w.poster.client.post('/api/posts', {
      post: { tldr: 'No poll', group_id: w.group.id },
    });
    expect((await w.poster.client.get(`/api/posts/${plain.body.id}/poll`)).status).toBe(404);
    expect((await vote(w.poster.client, plain.body.id, [park])).status).toBe(404);
  });

  it('refuses a bad poll on a new post with the field named, and writes no post', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ options: ['Only one'] }, 'options', 'must have at least 2 options'],
      [
        { options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) },
        'options',
        'can have at most 10 options',
      ],
      [{ options: ['Park', ' park '] }, 'options', 'lists the same option more than once'],
      [{ options: ['Park', '   '] }, 'options', "can't be blank"],
      [{ options: ['Park', 'x'.repeat(121)] }, 'options', 'is too long (maximum is 120 characters)'],
      [
        { options: ['Park', 'Library'], results: 'never' },
        'results',
        'must be after_voting or after_closing',
      ],
      [
        { options: ['Park', 'Library'], closes_at: 'tomorrow' },
        'closes_at',
        'is not a date and time with a zone (ISO 8601, e.g. 2027-03-28T10:00Z)',
      ],
      [
        { options: ['Park', 'Library'], closes_at: '2020-01-01T10:00Z' },
        'closes_at',
        'must be in the future',
      ],
    ];
    for (const [poll, field, message] of cases) {
      const res = await w.poster.client.post('/api/posts', {
        post: { tldr: 'Bad poll', group_id: w.group.id, poll },
      });
      expect(res.status, JSON.stringify(poll)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    const timeline = await w.poster.client.get(`/api/posts?group_id=${w.group.id}`);
    expect((timeline.body as { tldr: string }[]).some((post) => post.tldr === 'Bad poll')).toBe(false);
  });
});
