import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';

describe('posts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('creates a post and shows it', async () => {
    const { client, member } = await memberWithClient(app);
    const res = await client.post('/api/posts', { post: { tldr: 'Hello', content: '**hi**' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tldr: 'Hello', profile_id: member.id, is_owner: true, likes_count: 0 });
    const list = await client.get('/api/posts');
    expect(list.status).toBe(200);
    expect(list.body[0].id).toBe(res.body.id);
    expect(list.headers.get('x-has-next-page')).toBe('false');
  });
});
