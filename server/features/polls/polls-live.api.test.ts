import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithClient } from '../../../tests/support/factories';
import { openStream, type Stream } from '../../../tests/support/event-stream';
import {
  createGroupAs,
  createPostAs,
  memberInGroup,
  memberOfAnotherGroup,
} from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import type { LiveEvent } from '../events/live-events';

/**
 * A poll's live hint (ADR 058): a vote, a change and a retraction each tell those who may see the
 * post that the poll moved, with nothing but the post's id; an outsider hears nothing.
 */
describe('live events of a poll', () => {
  let app: TestApp;
  const streams: Stream[] = [];
  const open = async (client: TestClient) => {
    const stream = await openStream(app.url, client);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    app = await createTestApp({ config: { services: ['web'] } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app.close();
  });

  it('tells the group’s members that a poll moved, without counts or voter, and an outsider nothing', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const reader = await memberInGroup(app, group.id, 'Commentor');
    const voter = await memberInGroup(app, group.id, 'Poster');
    const outsider = await memberOfAnotherGroup(app);
    const created = await owner.client.post('/api/posts', {
      post: { tldr: 'Which day?', group_id: group.id, poll: { options: ['Saturday', 'Sunday'] } },
    });
    const postId = created.body.id as string;
    const [saturday, sunday] = (created.body.poll.options as { id: string }[]).map((option) => option.id);
    const [readerStream, outsiderStream] = await Promise.all([open(reader.client), open(outsider.client)]);
    const moved = (stream: Stream) =>
      stream.events.filter((event: LiveEvent) => event.type === 'poll.updated' && event.postId === postId);

    const path = `/api/posts/${postId}/poll/vote`;
    expect((await voter.client.put(path, { vote: { option_ids: [saturday] } })).status).toBe(200);
    expect((await voter.client.put(path, { vote: { option_ids: [sunday] } })).status).toBe(200);
    expect((await voter.client.delete(path)).status).toBe(200);
    await readerStream.next(() => moved(readerStream).length === 3);
    // The positive control, after all of the above: an open post reaches the outsider.
    const openPost = await createPostAs(owner.client, { tldr: 'For everyone' });
    const isOpenPost = (event: LiveEvent) => event.type === 'post.created' && event.postId === openPost.id;
    await outsiderStream.next(isOpenPost);
    expect(moved(readerStream)).toEqual(Array.from({ length: 3 }, () => ({ type: 'poll.updated', postId })));
    expect(moved(outsiderStream)).toEqual([]);
  });
});
