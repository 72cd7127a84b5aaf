import { sql } from 'drizzle-orm';
import { invitations } from '../../server/db/schema';
import { hashToken, randomToken } from '../../server/lib/tokens';
import type { MailMessage } from '../../server/adapters/mail';
import { DEFAULT_PASSWORD, uniqueName } from './factories';
import { type TestApp, waitForMail } from './test-app';
import type { TestClient } from './test-client';

/** Helpers for the accounts and invitations area: invitations, sign-up through the API, mailed codes. */

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * Inserts an open invitation directly (30 days, no inviter unless given), storing only the code's
 * hash as the server does; the plain code comes back alongside the row.
 */
export async function createInvitation(
  app: TestApp,
  overrides: Partial<typeof invitations.$inferInsert> = {},
): Promise<InvitationRow & { code: string }> {
  const code = randomToken(20);
  const [row] = await app.context.db
    .insert(invitations)
    .values({
      codeHash: hashToken(code),
      expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      ...overrides,
    })
    .returning();
  return { ...row!, code };
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('new');
  return {
    user: {
      username,
      email: `${username}@example.test`,
      password: DEFAULT_PASSWORD,
      first_name: 'Ada',
      last_name: 'Lovelace',
      invitation_code: '',
      ...overrides,
    },
  };
}

/** The code in a confirmation mail (also checks the mail's link carries it). */
export function confirmationCodeFrom(mail: MailMessage): string {
  const match = mail.text.match(/\/email-confirmation\?code=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1]!;
}

export function resetTokenFrom(mail: MailMessage): string {
  const match = mail.text.match(/\/password-reset\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

/** Signs up through the API with a fresh invitation; returns the body sent and the response. */
export async function signUpThroughApi(
  app: TestApp,
  client: TestClient,
  overrides: Record<string, unknown> = {},
) {
  const invitation = await createInvitation(app);
  const body = signUpBody({ invitation_code: invitation.code, ...overrides });
  const res = await client.post('/api/users', body);
  return { body, res, invitation };
}

/** Signs up and confirms through the API, as a new member would. */
export async function signUpAndConfirm(
  app: TestApp,
  client: TestClient,
  overrides: Record<string, unknown> = {},
) {
  const { body, res } = await signUpThroughApi(app, client, overrides);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const code = confirmationCodeFrom(await waitForMail(app, body.user.email));
  const confirmed = await client.get(`/api/users/confirmation?confirmation_token=${code}`);
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
  return { ...body.user, id: res.body.id as string };
}

/** Moves a timestamp column of a row into the past, to test expiry without waiting. */
export async function ageRow(
  app: TestApp,
  table: 'users' | 'invitations',
  column: string,
  id: string,
  hours: number,
) {
  await app.context.db.execute(
    sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)} - make_interval(hours => ${hours}::int) where id = ${id}`,
  );
}
