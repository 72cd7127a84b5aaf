import { randomBytes } from 'node:crypto';
import { users } from '../../server/db/schema';
import { SESSION_COOKIE } from '../../server/http/auth';
import { insertSession } from '../../server/features/sessions/sessions.repo';
import { hashPassword } from '../../server/lib/passwords';
import { hashToken, randomToken } from '../../server/lib/tokens';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

export type Member = typeof users.$inferSelect & { password: string };

export function uniqueName(prefix = 'member'): string {
  // Six bytes: with four, two of the thousands of members one test run makes shared a name once.
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Inserts a confirmed member directly (no invitation needed). */
export async function createMember(
  app: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<Member> {
  const { password = DEFAULT_PASSWORD, ...values } = overrides;
  const username = values.username ?? uniqueName();
  const passwordHash =
    password === DEFAULT_PASSWORD
      ? await (defaultHash ??= hashPassword(DEFAULT_PASSWORD))
      : await hashPassword(password);
  const [user] = await app.context.db
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}@example.test`,
      firstName: 'Test',
      lastName: username,
      confirmedAt: new Date(),
      passwordHash,
      ...values,
    })
    .returning();
  return { ...user!, password };
}

/** A client already signed in as `member` (the session is created directly, as sign-in would). */
export async function signedInClient(app: TestApp, member: { id: string }): Promise<TestClient> {
  const client = app.client();
  const token = randomToken();
  await insertSession(app.context.db, {
    userId: member.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  client.setCookie(SESSION_COOKIE, token);
  return client;
}

/** Shorthand: a new member and a client signed in as them. */
export async function memberWithClient(app: TestApp, overrides: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(app, overrides);
  return { member, client: await signedInClient(app, member) };
}
