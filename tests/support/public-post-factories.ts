import { randomBytes } from 'node:crypto';
import type { TestClient, TestResponse } from './test-client';

/** A slug nobody has yet: `prefix-` and 8 hex digits (the prefix supplies the letter). */
export function uniqueSlug(prefix = 'post'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Publishes a post through the API as its author and returns the publication. */
export async function publishAs(client: TestClient, postId: string, slug = uniqueSlug()) {
  const res = await client.post('/api/public_posts', { public_post: { post_id: postId, slug } });
  if (res.status !== 201) throw new Error(`not published: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; slug: string; post_id: string; public_url: string; created_at: string };
}

/** Every page of a cursor-paged list, following x-next-cursor (at most 200 pages). */
export async function walkPages(client: TestClient, path: string) {
  const pages: Array<{ items: any[]; hasNext: string | null; next: string | null }> = [];
  let after: string | null = null;
  for (let i = 0; i < 200; i++) {
    const separator = path.includes('?') ? '&' : '?';
    const res: TestResponse = await client.get(
      after ? `${path}${separator}after=${encodeURIComponent(after)}` : path,
    );
    if (res.status !== 200) throw new Error(`${path} → ${res.status} ${JSON.stringify(res.body)}`);
    after = res.headers.get('x-next-cursor');
    pages.push({ items: res.body, hasNext: res.headers.get('x-has-next-page'), next: after });
    if (!after) break;
  }
  return pages;
}
