import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { addToGroup, createGroupAs, createPostAs } from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';
import { openStream, type Stream } from '../../../tests/support/event-stream';
import { publishLiveEvent, type LiveEvent } from './live-events';

const isPost = (postId: string) => (event: LiveEvent) =>
  event.type === 'post.created' && event.postId === postId;
const isNotification = (id: string) => (event: LiveEvent) =>
  event.type === 'notification.created' && event.notificationId === id;

/**
 * Blocks hide two members from each other in live events too, whichever of them blocked: an event
 * about one member's doing never reaches the other. Each case has a third member who must hear the
 * event (the positive control), and each member of the pair then hears a later event before we
 * check they never heard the first (a stream delivers its events in order).
 */
describe('live events between members who blocked each other', () => {
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

  /** Ana blocked Ben; Cy is a bystander who sees everything either of them does. */
  async function blockedPair() {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const cy = await memberWithClient(app);
    expect((await ana.client.post('/api/blocks', { user_id: ben.member.id })).status).toBe(201);
    return { ana, ben, cy };
  }

  it('tells neither of a blocked pair that the other posted, openly or in a shared group', async () => {
    const { ana, ben, cy } = await blockedPair();
    const group = await createGroupAs(cy.client);
    // Both are Posters of Cy's group, so only the block can keep a group post from the other.
    for (const { member } of [ana, ben]) await addToGroup(app, group.id, member.id, 'Poster');
    const [anaStream, benStream, cyStream] = await Promise.all([
      open(ana.client),
      open(ben.client),
      open(cy.client),
    ]);

    const fromBen = await createPostAs(ben.client, { tldr: 'Ben, openly' });
    const fromBenInGroup = await createPostAs(ben.client, { tldr: 'Ben, in the group', group_id: group.id });
    const fromAna = await createPostAs(ana.client, { tldr: 'Ana, openly' });
    const fromAnaInGroup = await createPostAs(ana.client, { tldr: 'Ana, in the group', group_id: group.id });
    for (const post of [fromBen, fromBenInGroup, fromAna, fromAnaInGroup])
      await cyStream.next(isPost(post.id));

    const control = await createPostAs(cy.client, { tldr: 'Cy, after them', group_id: group.id });
    await anaStream.next(isPost(control.id));
    await benStream.next(isPost(control.id));
    for (const post of [fromBen, fromBenInGroup]) expect(anaStream.events.some(isPost(post.id))).toBe(false);
    for (const post of [fromAna, fromAnaInGroup]) expect(benStream.events.some(isPost(post.id))).toBe(false);
  });

  it('delivers no notification whose actor is blocked with its recipient, even one recorded before the block', async () => {
    const { ana, ben, cy } = await blockedPair();
    const anaStream = await open(ana.client);
    // Recorded as `notify` would have before the block; `notify` itself records none after it.
    const [fromBen, fromCy] = await app.context.db
      .insert(notifications)
      .values([
        { recipientId: ana.member.id, actorId: ben.member.id, kind: 'follow' },
        { recipientId: ana.member.id, actorId: cy.member.id, kind: 'follow' },
      ])
      .returning({ id: notifications.id });
    const toAna = { userIds: [ana.member.id] };
    await publishLiveEvent(app.context.db, toAna, {
      type: 'notification.created',
      notificationId: fromBen!.id,
    });
    await publishLiveEvent(app.context.db, toAna, {
      type: 'notification.created',
      notificationId: fromCy!.id,
    });

    await anaStream.next(isNotification(fromCy!.id));
    expect(anaStream.events.some(isNotification(fromBen!.id))).toBe(false);
  });
});
