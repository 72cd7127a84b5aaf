import { expect } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { SESSION_COOKIE } from '../../../server/http/auth';
import { createMember, type Member } from '../../support/factories';
import type { TestApp } from '../../support/test-app';
import { TestClient } from '../../support/test-client';

/**
 * A confirmed member inserted straight into the database at `databaseUrl` (a connection of the
 * test's own, closed again at once, so a test may then stop or crash the server freely).
 */
export async function seedMember(
  databaseUrl: string,
  overrides: Parameters<typeof createMember>[1] = {},
): Promise<Member> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, max: 1 });
  try {
    return await createMember({ context: { db: database.db } } as unknown as TestApp, overrides);
  } finally {
    await database.close();
  }
}

/** Signs in over HTTP as a browser on `origin` would; answers a client holding the session cookie. */
export async function signedInOver(
  url: string,
  origin: string,
  member: { email: string; password: string },
): Promise<TestClient> {
  const client = new TestClient(url, origin);
  const res = await client.post('/api/users/sign_in', {
    user: { email: member.email, password: member.password },
  });
  expect(res.status).toBe(200);
  expect(client.cookie(SESSION_COOKIE)).toBeTruthy();
  return client;
}
