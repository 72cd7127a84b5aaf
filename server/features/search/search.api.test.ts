import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs } from '../../../tests/support/social-factories';

describe('POST /api/search', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('finds visible posts by keyword, title matches first, never hidden group posts', async () => {
    const { client: owner } = await memberWithClient(app);
    const { client: outsider } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const inContent = await createPostAs(owner, {
      tldr: 'Weekend plans',
      content: 'We could go sailing on the lake.',
    });
    const inTitle = await createPostAs(owner, { tldr: 'Sailing lessons', content: 'Anyone interested?' });
    const hidden = await createPostAs(owner, { tldr: 'Secret sailing trip', group_id: group.id });
    await createPostAs(owner, { tldr: 'Unrelated', content: 'Bread recipes' });

    const res = await outsider.post('/api/search', { query: 'sail' });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([inTitle.id, inContent.id]);
    expect(res.body[0]).toHaveProperty('liked_by_current_user', false);

    const asMember = await owner.post('/api/search', { query: 'sailing' });
    expect(asMember.body.map((p: { id: string }) => p.id)).toContain(hidden.id);
    const phrase = await outsider.post('/api/search', { query: '"sailing lessons" -weekend' });
    expect(phrase.body.map((p: { id: string }) => p.id)).toEqual([inTitle.id]);
    expect((await outsider.post('/api/search', { query: 'the' })).body).toEqual([]);
    expect((await outsider.post('/api/search', { query: '(((' })).status).toBe(200);
  });

  it('refuses a blank query and signed-out requests', async () => {
    const { client } = await memberWithClient(app);
    const blank = await client.post('/api/search', { query: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.query).toEqual(["can't be blank"]);
    expect((await client.post('/api/search', {})).status).toBe(422);
    expect((await app.client().post('/api/search', { query: 'x' })).status).toBe(401);
  });
});
