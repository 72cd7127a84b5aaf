import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../../db/schema';
import { deleteDueAccount } from '../account-deletion/account-deletion.service';
import { openStream, type Stream } from '../../../tests/support/event-stream';
import { memberWithClient } from '../../../tests/support/factories';
import { fetchBytes, jpeg, uploadAccepted } from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import type { LiveEvent } from '../../../shared/api/live-events';

/**
 * Private conversations (issue 31, ADR 060) over HTTP: the participant rule on every route and
 * event, who may write to whom, requests, windows of reading, read marks and the badge counts.
 */
describe('private conversations', () => {
  let app: TestApp;
  const streams: Stream[] = [];
  beforeAll(async () => {
    app = await createTestApp({ config: { services: ['web'] } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app?.close();
  });

  type Person = Awaited<ReturnType<typeof memberWithClient>>;
  const follow = async (who: Person, whom: Person) =>
    expect((await who.client.post(`/api/profiles/${whom.member.id}/follow`)).status).toBeLessThan(300);
  const mutual = async (a: Person, b: Person) => {
    await follow(a, b);
    await follow(b, a);
  };
  const start = (client: TestClient, userIds: string[], name?: string) =>
    client.post('/api/conversations', { conversation: { user_ids: userIds, ...(name ? { name } : {}) } });
  const send = (client: TestClient, conversationId: string, content: string, extra = {}) =>
    client.post(`/api/conversations/${conversationId}/messages`, { message: { content, ...extra } });
  const thread = async (client: TestClient, conversationId: string) =>
    ((await client.get(`/api/conversations/${conversationId}/messages`)).body as { content: string }[]).map(
      (message) => message.content,
    );
  const open = async (client: TestClient) => {
    const stream = await openStream(app.url, client);
    streams.push(stream);
    return stream;
  };
  const isMessage = (messageId: string) => (event: LiveEvent) =>
    event.type === 'message.created' && event.messageId === messageId;

  it('a direct conversation: made once per pair, messages newest last, encrypted at rest, live to the other', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    await mutual(ana, ben);
    const made = await start(ana.client, [ben.member.id]);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: 'direct', status: 'active', can_write: true, unread_count: 0 });
    expect(made.body.title).toBe(
      made.body.participants.find((p: { id: string }) => p.id === ben.member.id).name,
    );
    const again = await start(ben.client, [ana.member.id]);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(made.body.id);

    const benStream = await open(ben.client);
    const first = await send(ana.client, made.body.id, 'Hello **Ben**');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      content: 'Hello **Ben**',
      is_owner: true,
      can_edit: true,
      deleted: false,
    });
    await benStream.next(isMessage(first.body.id));
    await send(ben.client, made.body.id, 'Hi Ana', { reply_to_id: first.body.id });
    expect(await thread(ana.client, made.body.id)).toEqual(['Hello **Ben**', 'Hi Ana']);
    const page = (await ana.client.get(`/api/conversations/${made.body.id}/messages`)).body;
    expect(page[1].reply_to).toMatchObject({ id: first.body.id, preview: 'Hello Ben', deleted: false });

    // What the operator sees: ciphertext, never the words.
    const [stored] = await app.context.db.select().from(messages).where(eq(messages.id, first.body.id));
    expect(stored!.contentEncrypted).toMatch(/^v1\./);
    expect(stored!.contentEncrypted).not.toContain('Ben');
  });

  it('keeps every route and event from an outsider who shares a group with a participant (404, no event)', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const eve = await memberWithClient(app);
    await mutual(ana, ben);
    const group = await createGroupAs(ana.client);
    await addToGroup(app, group.id, eve.member.id, 'Poster');
    const conversation = (await start(ana.client, [ben.member.id])).body;
    const message = (await send(ana.client, conversation.id, 'Just us')).body;
    const base = `/api/conversations/${conversation.id}`;
    const eveStream = await open(eve.client);
    const anaStream = await open(ana.client);

    const answers = [
      await eve.client.get(base),
      await eve.client.get(`${base}/messages`),
      await eve.client.post(`${base}/messages`, { message: { content: 'Let me in' } }),
      await eve.client.patch(base, { conversation: { name: 'Mine' } }),
      await eve.client.post(`${base}/participants`, { participants: { user_ids: [eve.member.id] } }),
      await eve.client.delete(`${base}/participation`),
      await eve.client.put(`${base}/mute`),
      await eve.client.delete(`${base}/mute`),
      await eve.client.post(`${base}/accept`),
      await eve.client.post(`${base}/decline`),
      await eve.client.post(`${base}/read`, { read: { message_id: message.id } }),
      await eve.client.patch(`/api/messages/${message.id}`, { message: { content: 'Changed' } }),
      await eve.client.delete(`/api/messages/${message.id}`),
    ];
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 404));
    expect((await eve.client.get('/api/conversations')).body).toEqual([]);

    // Positive control: Ana hears the next message, Eve heard neither.
    const later = (await send(ben.client, conversation.id, 'Still just us')).body;
    await anaStream.next(isMessage(later.id));
    const eveMarker = (await start(eve.client, [ana.member.id])).status;
    expect(eveMarker).toBe(201);
    await eveStream.next((event) => event.type === 'conversation.updated');
    expect(eveStream.events.filter((event) => event.type.startsWith('message.'))).toEqual([]);
    expect(
      eveStream.events.some((event) => 'conversationId' in event && event.conversationId === conversation.id),
    ).toBe(false);
  });

  it('a participant who left reads their window and nothing after, and hears nothing more', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const cy = await memberWithClient(app);
    await mutual(ana, ben);
    await mutual(ana, cy);
    await mutual(ben, cy);
    const circle = (await start(ana.client, [ben.member.id, cy.member.id], 'Trip')).body;
    expect(circle.kind).toBe('circle');
    await send(ana.client, circle.id, 'Before');
    const cyStream = await open(cy.client);
    expect((await cy.client.delete(`/api/conversations/${circle.id}/participation`)).status).toBe(204);
    const after = (await send(ben.client, circle.id, 'After')).body;

    expect(await thread(cy.client, circle.id)).toEqual(['Before']);
    expect(await thread(ana.client, circle.id)).toEqual(['Before', 'After']);
    const seenByCy = (await cy.client.get(`/api/conversations/${circle.id}`)).body;
    expect(seenByCy).toMatchObject({ status: 'left', can_write: false });
    expect(seenByCy.last_message.preview).toBe('Before');
    expect((await send(cy.client, circle.id, 'Can I?')).status).toBe(403);
    expect((await cy.client.get(`/api/messages/${after.id}`)).status).toBe(404);
    expect(
      (await cy.client.post(`/api/conversations/${circle.id}/read`, { read: { message_id: after.id } }))
        .status,
    ).toBe(422);
    // Ana's view no longer lists Cy.
    const seenByAna = (await ana.client.get(`/api/conversations/${circle.id}`)).body;
    expect(seenByAna.participants.map((p: { id: string }) => p.id).sort()).toEqual(
      [ana.member.id, ben.member.id].sort(),
    );

    // Positive control: Cy hears her own new conversation, never the message after she left.
    const marker = (await start(cy.client, [ana.member.id])).body;
    await cyStream.next(
      (event) => event.type === 'conversation.updated' && event.conversationId === marker.id,
    );
    expect(
      cyStream.events.some((event) => event.type === 'message.created' && event.messageId === after.id),
    ).toBe(false);
  });

  it('who may write: mutual follows or a shared group; "following" narrows it; a block ends it both ways', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const stranger = await memberWithClient(app);
    const oneWay = await memberWithClient(app);
    const refusal = { error: 'You cannot message this member.' };
    const strangerAnswer = await start(ana.client, [stranger.member.id]);
    expect(strangerAnswer.status).toBe(403);
    expect(strangerAnswer.body).toEqual(refusal);
    await follow(ana, oneWay);
    expect((await start(ana.client, [oneWay.member.id])).status).toBe(403);

    // A shared group is enough, and arrives as a request (Ben does not follow Ana).
    const group = await createGroupAs(ana.client);
    await addToGroup(app, group.id, ben.member.id, 'Poster');
    expect((await start(ana.client, [ben.member.id])).status).toBe(201);

    // Ben narrows to people he follows: Ana (not followed) may no longer start one or write.
    const settings = await ben.client.put('/api/messaging_settings', {
      messaging_settings: { who_may_message: 'following' },
    });
    expect(settings.body).toEqual({ who_may_message: 'following', share_read_marks: true });
    const direct = (await ana.client.get('/api/conversations')).body[0];
    expect(direct.can_write).toBe(false);
    expect((await send(ana.client, direct.id, 'Hi')).status).toBe(403);
    await follow(ben, ana);
    expect((await send(ana.client, direct.id, 'Hi now')).status).toBe(201);

    // A block, either way, ends writing in the direct conversation and refuses a new one.
    expect((await ben.client.post('/api/blocks', { user_id: ana.member.id })).status).toBe(201);
    expect((await send(ana.client, direct.id, 'Blocked?')).status).toBe(403);
    expect((await send(ben.client, direct.id, 'Blocked too?')).status).toBe(403);
    expect((await start(ana.client, [ben.member.id, stranger.member.id], 'Group')).status).toBe(403);
  });

  it('a profile says whether its member may be written to, by the rule a message is sent under', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const stranger = await memberWithClient(app);
    const canMessage = async (viewer: Person, whom: Person) => {
      const profile = await viewer.client.get(`/api/profiles/${whom.member.id}`);
      expect(profile.status).toBe(200);
      return profile.body.can_message as boolean;
    };
    expect(await canMessage(ana, ben)).toBe(false);
    expect((await start(ana.client, [ben.member.id])).status).toBe(403);
    await mutual(ana, ben);
    expect(await canMessage(ana, ben)).toBe(true);
    expect((await start(ana.client, [ben.member.id])).status).toBe(201);
    expect(await canMessage(ana, ana)).toBe(false);
    expect(await canMessage(ana, stranger)).toBe(false);
    // Ben hears only from those he follows, Ana among them; a stranger in his group does not qualify.
    const group = await createGroupAs(ben.client);
    await addToGroup(app, group.id, stranger.member.id, 'Poster');
    expect(await canMessage(stranger, ben)).toBe(true);
    await ben.client.put('/api/messaging_settings', { messaging_settings: { who_may_message: 'following' } });
    expect(await canMessage(stranger, ben)).toBe(false);
    expect((await start(stranger.client, [ben.member.id])).status).toBe(403);
    expect(await canMessage(ana, ben)).toBe(true);
    // A block ends it both ways.
    expect((await ben.client.post('/api/blocks', { user_id: ana.member.id })).status).toBe(201);
    expect(await canMessage(ben, ana)).toBe(false);
  });

  it('in a circle a block hides the pair’s messages from each other from the block on', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const cy = await memberWithClient(app);
    const group = await createGroupAs(ana.client);
    for (const person of [ben, cy]) await addToGroup(app, group.id, person.member.id, 'Poster');
    await mutual(ana, ben);
    await mutual(ana, cy);
    const circle = (await start(ana.client, [ben.member.id, cy.member.id])).body;
    await send(ben.client, circle.id, 'Ben before');
    expect((await cy.client.post('/api/blocks', { user_id: ben.member.id })).status).toBe(201);
    const benStream = await open(ben.client);
    const cyAfter = (await send(cy.client, circle.id, 'Cy after')).body;
    await send(ben.client, circle.id, 'Ben after');
    expect(await thread(cy.client, circle.id)).toEqual(['Ben before', 'Cy after']);
    expect(await thread(ben.client, circle.id)).toEqual(['Ben before', 'Ben after']);
    expect(await thread(ana.client, circle.id)).toEqual(['Ben before', 'Cy after', 'Ben after']);
    const anaMarker = (await send(ana.client, circle.id, 'Ana')).body;
    await benStream.next(isMessage(anaMarker.id));
    expect(
      benStream.events.some((event) => event.type === 'message.created' && event.messageId === cyAfter.id),
    ).toBe(false);
  });

  it('requests: listed apart, counted apart, accepted or declined (gone for the decliner, unseen by the sender)', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const cy = await memberWithClient(app);
    const group = await createGroupAs(ana.client);
    for (const person of [ben, cy]) await addToGroup(app, group.id, person.member.id, 'Poster');
    const toBen = (await start(ana.client, [ben.member.id])).body;
    const toCy = (await start(ana.client, [cy.member.id])).body;
    await send(ana.client, toBen.id, 'Hello Ben');
    await send(ana.client, toCy.id, 'Hello Cy');

    const benRequests = (await ben.client.get('/api/conversations?status=request')).body;
    expect(benRequests.map((c: { id: string }) => c.id)).toEqual([toBen.id]);
    expect(benRequests[0]).toMatchObject({ status: 'request', unread_count: 1 });
    expect((await ben.client.get('/api/conversations')).body).toEqual([]);
    expect((await ben.client.get('/api/me/counts')).body).toMatchObject({
      unread_messages: 0,
      message_requests: 1,
    });
    expect(await thread(ben.client, toBen.id)).toEqual(['Hello Ben']);

    const accepted = await ben.client.post(`/api/conversations/${toBen.id}/accept`);
    expect(accepted.body.status).toBe('active');
    expect((await ben.client.get('/api/me/counts')).body).toMatchObject({
      unread_messages: 1,
      message_requests: 0,
    });
    expect((await ben.client.post(`/api/conversations/${toBen.id}/decline`)).status).toBe(422);

    expect((await cy.client.post(`/api/conversations/${toCy.id}/decline`)).status).toBe(204);
    expect((await cy.client.get(`/api/conversations/${toCy.id}`)).status).toBe(404);
    expect((await cy.client.get('/api/me/counts')).body).toMatchObject({ message_requests: 0 });
    const seenByAna = (await ana.client.get(`/api/conversations/${toCy.id}`)).body;
    expect(seenByAna.participants.map((p: { id: string }) => p.id)).toContain(cy.member.id);
    expect(seenByAna.can_write).toBe(true);
  });

  it('unread counts and read marks: forward only, shown only when shared, muted ones leave the badge', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    await mutual(ana, ben);
    const direct = (await start(ana.client, [ben.member.id])).body;
    const one = (await send(ana.client, direct.id, 'One')).body;
    const two = (await send(ana.client, direct.id, 'Two')).body;
    expect((await ben.client.get(`/api/conversations/${direct.id}`)).body.unread_count).toBe(2);
    expect((await ben.client.get('/api/me/counts')).body.unread_messages).toBe(2);
    const read = (messageId: string) =>
      ben.client.post(`/api/conversations/${direct.id}/read`, { read: { message_id: messageId } });
    expect((await read(two.id)).status).toBe(204);
    expect((await read(one.id)).status).toBe(204);
    expect((await ben.client.get(`/api/conversations/${direct.id}`)).body.unread_count).toBe(0);
    expect((await ana.client.get(`/api/conversations/${direct.id}`)).body.read_marks).toEqual([
      { user_id: ben.member.id, last_read_message_id: two.id },
    ]);
    await ben.client.put('/api/messaging_settings', { messaging_settings: { share_read_marks: false } });
    expect((await ana.client.get(`/api/conversations/${direct.id}`)).body.read_marks).toEqual([]);

    await send(ana.client, direct.id, 'Three');
    expect((await ben.client.get('/api/me/counts')).body.unread_messages).toBe(1);
    expect((await ben.client.put(`/api/conversations/${direct.id}/mute`)).status).toBe(204);
    expect((await ben.client.get(`/api/conversations/${direct.id}`)).body).toMatchObject({
      muted: true,
      unread_count: 1,
    });
    expect((await ben.client.get('/api/me/counts')).body.unread_messages).toBe(0);
    await ben.client.delete(`/api/conversations/${direct.id}/mute`);
    expect((await ben.client.get('/api/me/counts')).body.unread_messages).toBe(1);
  });

  it('edits and deletes: the author only; deleted for everyone, shown as deleted', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    await mutual(ana, ben);
    const direct = (await start(ana.client, [ben.member.id])).body;
    const message = (await send(ana.client, direct.id, 'Typo')).body;
    const benStream = await open(ben.client);
    expect(
      (await ben.client.patch(`/api/messages/${message.id}`, { message: { content: 'Mine' } })).status,
    ).toBe(403);
    const edited = await ana.client.patch(`/api/messages/${message.id}`, { message: { content: 'Fixed' } });
    expect(edited.body).toMatchObject({ content: 'Fixed' });
    expect(edited.body.edited_at).not.toBeNull();
    expect((await ben.client.delete(`/api/messages/${message.id}`)).status).toBe(403);
    expect((await ana.client.delete(`/api/messages/${message.id}`)).status).toBe(204);
    for (const type of ['message.updated', 'message.deleted']) {
      await benStream.next(
        (event) => event.type === type && 'messageId' in event && event.messageId === message.id,
      );
    }
    const [shown] = (await ben.client.get(`/api/conversations/${direct.id}/messages`)).body;
    expect(shown).toMatchObject({ deleted: true, content: '', files: [] });
    expect((await ben.client.get(`/api/conversations/${direct.id}`)).body.last_message.preview).toBe(
      'Message deleted',
    );
    const [stored] = await app.context.db.select().from(messages).where(eq(messages.id, message.id));
    expect(stored!.contentEncrypted).toBeNull();
  });

  it('circles: any participant renames and adds (within the rules, up to 20); a direct one takes no one more', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const cy = await memberWithClient(app);
    const dee = await memberWithClient(app);
    await mutual(ana, ben);
    await mutual(ana, cy);
    const direct = (await start(ana.client, [ben.member.id])).body;
    const refused = await ana.client.post(`/api/conversations/${direct.id}/participants`, {
      participants: { user_ids: [cy.member.id] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.user_ids).toEqual(['start a new conversation to include more people']);
    const circle = (await start(ana.client, [ben.member.id, cy.member.id])).body;
    const cyStream = await open(cy.client);
    const renamed = await ben.client.patch(`/api/conversations/${circle.id}`, {
      conversation: { name: 'Book club' },
    });
    await cyStream.next(
      (event) => event.type === 'conversation.updated' && event.conversationId === circle.id,
    );
    expect(renamed.body).toMatchObject({ name: 'Book club', title: 'Book club' });
    // Ben neither follows Dee nor shares a group with her; Ana follows her.
    expect(
      (
        await ben.client.post(`/api/conversations/${circle.id}/participants`, {
          participants: { user_ids: [dee.member.id] },
        })
      ).status,
    ).toBe(403);
    await follow(ana, dee);
    const added = await ana.client.post(`/api/conversations/${circle.id}/participants`, {
      participants: { user_ids: [dee.member.id] },
    });
    expect(added.status).toBe(200);
    expect(added.body.participants).toHaveLength(4);
    expect((await dee.client.get(`/api/conversations/${circle.id}`)).body.status).toBe('request');
    // Ana's list, newest activity first, one per page by its cursor.
    const first = await ana.client.get('/api/conversations?limit=1');
    expect(first.body.map((c: { id: string }) => c.id)).toEqual([circle.id]);
    expect(first.headers.get('x-has-next-page')).toBe('true');
    const second = await ana.client.get(
      `/api/conversations?limit=1&after=${first.headers.get('x-next-cursor')}`,
    );
    expect(second.body.map((c: { id: string }) => c.id)).toEqual([direct.id]);
    expect(second.headers.get('x-has-next-page')).toBe('false');
  });

  it('attachments: the upload flow’s files, readable only by those who may read the message', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const eve = await memberWithClient(app);
    await mutual(ana, ben);
    const group = await createGroupAs(ana.client);
    await addToGroup(app, group.id, eve.member.id, 'Poster');
    const direct = (await start(ana.client, [ben.member.id])).body;
    const photo = await uploadAccepted(app, ana.client, {
      name: 'photo.jpg',
      file_type: 'message_attachment',
      bytes: await jpeg(),
      contentType: 'image/jpeg',
    });
    const postFile = await uploadAccepted(app, ana.client, {
      name: 'post.jpg',
      file_type: 'post_attachment',
      bytes: await jpeg(),
      contentType: 'image/jpeg',
    });
    expect((await send(ana.client, direct.id, '', { file_request_ids: [postFile.id] })).status).toBe(422);
    const sent = await send(ana.client, direct.id, '', { file_request_ids: [photo.id] });
    expect(sent.status).toBe(201);
    expect(sent.body.files.map((file: { id: string }) => file.id)).toEqual([photo.id]);
    expect((await send(ana.client, direct.id, 'Again', { file_request_ids: [photo.id] })).status).toBe(422);

    expect((await fetchBytes(ben.client, `/api/files/${photo.id}`)).response.status).toBe(200);
    expect((await fetchBytes(eve.client, `/api/files/${photo.id}`)).response.status).toBe(404);
    expect((await fetchBytes(app.client(), `/api/files/${photo.id}`)).response.status).toBe(404);
    expect((await ana.client.delete(`/api/messages/${sent.body.id}`)).status).toBe(204);
    expect((await fetchBytes(ben.client, `/api/files/${photo.id}`)).response.status).toBe(404);
  });

  it('deleting an account removes its messages’ text for everyone; the sender shows as a deleted member', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    await mutual(ana, ben);
    const direct = (await start(ana.client, [ben.member.id])).body;
    const hers = (await send(ana.client, direct.id, 'Remember me')).body;
    await send(ben.client, direct.id, 'Of course', { reply_to_id: hers.id });
    await app.context.db
      .update(users)
      .set({ deletionRequestedAt: new Date(), deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, ana.member.id));
    expect(await deleteDueAccount(app.context, ana.member.id)).toBe('deleted');

    const page = (await ben.client.get(`/api/conversations/${direct.id}/messages`)).body;
    expect(page[0]).toMatchObject({ id: hers.id, content: '', sender: null });
    expect(page[1]).toMatchObject({
      content: 'Of course',
      reply_to: { id: hers.id, sender_name: null, preview: '' },
    });
    const [stored] = await app.context.db.select().from(messages).where(eq(messages.id, hers.id));
    expect(stored).toMatchObject({ contentEncrypted: null, senderId: null });
  });

  it('search finds a message only for those who may read it', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const eve = await memberWithClient(app);
    await mutual(ana, ben);
    const group = await createGroupAs(ana.client);
    await addToGroup(app, group.id, eve.member.id, 'Poster');
    const direct = (await start(ana.client, [ben.member.id])).body;
    const word = `kumquat${Date.now()}`;
    const sent = (await send(ana.client, direct.id, `The **${word}** Café is open`)).body;
    await send(ana.client, direct.id, 'Something else');
    const search = async (client: TestClient, q: string) =>
      (await client.get(`/api/messages/search?q=${encodeURIComponent(q)}`)).body as {
        message: { id: string };
        conversation: { id: string; title: string };
        preview: string;
      }[];
    const found = await search(ben.client, `${word.toUpperCase()} cafe`);
    expect(found.map((result) => result.message.id)).toEqual([sent.id]);
    expect(found[0]!.conversation.id).toBe(direct.id);
    // The result list's line: plain text, the Markdown marks gone.
    expect(found[0]!.preview).toBe(`The ${word} Café is open`);
    expect(await search(eve.client, word)).toEqual([]);
    expect(await search(ben.client, `${word} missing`)).toEqual([]);
    // After leaving, Ben still finds what was said while he was there, never what came later.
    await ben.client.delete(`/api/conversations/${direct.id}/participation`);
    await send(ana.client, direct.id, `Later ${word}`);
    expect((await search(ben.client, word)).map((result) => result.message.id)).toEqual([sent.id]);
    expect((await search(ana.client, word)).length).toBe(2);
    await ana.client.delete(`/api/messages/${sent.id}`);
    expect(await search(ben.client, word)).toEqual([]);
    expect((await ben.client.get('/api/messages/search?q=%20')).status).toBe(422);
  });

  it('reports: a participant reports a message; the admin sees it and its neighbours, never a third message', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const eve = await memberWithClient(app);
    const admin = await memberWithClient(app, { isAdmin: true });
    await mutual(ana, ben);
    const direct = (await start(ana.client, [ben.member.id])).body;
    const words = ['First, far away', 'Just before', 'The rude one', 'Just after', 'Last, far away'];
    const sent: { id: string }[] = [];
    for (const [index, content] of words.entries()) {
      sent.push((await send(index % 2 ? ben.client : ana.client, direct.id, content)).body);
    }
    const reported = sent[2]!;
    const report = (reason?: string) =>
      ben.client.post(`/api/messages/${reported.id}/report`, { report: { reason: reason ?? 'rude' } });
    expect((await eve.client.post(`/api/messages/${reported.id}/report`, {})).status).toBe(404);
    expect((await ana.client.post(`/api/messages/${reported.id}/report`, {})).status).toBe(403);
    const first = await report();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ subject: 'message', message_id: reported.id, post_id: null });
    expect((await report()).status).toBe(200);

    const listed = (await admin.client.get('/api/admin/reports')).body as {
      id: string;
      subject: string;
      author_username: string;
      message_context: { id: string; content: string; reported: boolean }[];
    }[];
    const mine = listed.find((row) => row.id === first.body.id)!;
    expect(mine.subject).toBe('message');
    expect(mine.author_username).toBe(ana.member.username);
    expect(mine.message_context.map((message) => message.content)).toEqual([
      'Just before',
      'The rude one',
      'Just after',
    ]);
    expect(mine.message_context.filter((message) => message.reported).map((message) => message.id)).toEqual([
      reported.id,
    ]);
    expect(JSON.stringify(listed)).not.toContain('far away');
    // A group moderator reviews their group's reports, never a private message's.
    const moderator = await memberWithClient(app);
    await createGroupAs(moderator.client);
    const theirs = (await moderator.client.get('/api/admin/reports')).body as { id: string }[];
    expect(theirs.map((row) => row.id)).not.toContain(first.body.id);

    const anaStream = await open(ana.client);
    const benStream = await open(ben.client);
    const removed = await admin.client.post(`/api/admin/reports/${first.body.id}/removal`, {
      removal: { reason: 'Abusive' },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: 'resolved', content_removed: true });
    // Both participants' open threads hear of the removal, as of a deletion by its author.
    for (const stream of [anaStream, benStream]) {
      await stream.next((event) => event.type === 'message.deleted' && event.messageId === reported.id);
    }
    const [shown] = (await ben.client.get(`/api/conversations/${direct.id}/messages?limit=3`)).body.slice(
      0,
      1,
    );
    expect(shown).toMatchObject({ id: reported.id, deleted: true, content: '' });
  });

  it('pages a thread older and older by its cursor, newest last on each page, each message once', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    await mutual(ana, ben);
    const direct = (await start(ana.client, [ben.member.id])).body;
    const written: string[] = [];
    for (let index = 0; index < 7; index++) {
      written.push(`Message ${index}`);
      await send(index % 2 ? ben.client : ana.client, direct.id, `Message ${index}`);
    }
    const pages: string[][] = [];
    let path = `/api/conversations/${direct.id}/messages?limit=3`;
    for (;;) {
      const res = await ben.client.get(path);
      pages.push((res.body as { content: string }[]).map((message) => message.content));
      if (res.headers.get('x-has-next-page') !== 'true') break;
      path = `/api/conversations/${direct.id}/messages?limit=3&before=${res.headers.get('x-next-cursor')}`;
    }
    expect(pages).toEqual([
      ['Message 4', 'Message 5', 'Message 6'],
      ['Message 1', 'Message 2', 'Message 3'],
      ['Message 0'],
    ]);
    expect(pages.reverse().flat()).toEqual(written);
  });

  it('refuses bad input with the field named', async () => {
    const ana = await memberWithClient(app);
    expect((await start(ana.client, [ana.member.id])).body).toEqual({
      errors: { user_ids: ['must name someone other than you'] },
    });
    expect((await start(ana.client, ['00000000-0000-4000-8000-000000000000'])).body).toEqual({
      errors: { user_ids: ['names a member who does not exist'] },
    });
    expect((await ana.client.get('/api/conversations/x/messages?before=zzz')).status).toBe(422);
    // A well-formed list cursor naming a time no database could read.
    const forged = Buffer.from(JSON.stringify([['2024-02-30T00:00:00.000000Z'], ana.member.id])).toString(
      'base64url',
    );
    const refused = await ana.client.get(`/api/conversations?after=${forged}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ errors: { after: ['is invalid'] } });
  });
});
