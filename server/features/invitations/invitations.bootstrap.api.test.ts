import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { invitations, users } from '../../db/schema';
import { ageRow, signUpBody } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { ensureBootstrapInvitation } from './invitations.service';

/** A real pino logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string; invitationUrl?: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger, lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the bootstrap invitation (first start with no members)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** Open bootstrap invitations, newest first. */
  const bootstrapInvitations = () =>
    app.context.db
      .select()
      .from(invitations)
      .where(
        and(
          isNull(invitations.inviterId),
          eq(invitations.grantsAdmin, true),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(invitations.createdAt));

  it('is created when the server starts on an empty database', async () => {
    const rows = await bootstrapInvitations();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipientId: null, redeemedAt: null, email: null });
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('is stored hashed and logged only when made', async () => {
    const [existing] = await bootstrapInvitations();
    expect(existing!.code).toBeNull();
    expect(existing!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is kept, not logged again, when a sibling process made it moments ago', async () => {
    const [existing] = await bootstrapInvitations();
    const { logger, lines } = capturingLogger();
    const again = await ensureBootstrapInvitation({ ...app.context, logger });
    await flush();
    expect(again!.invitation.id).toBe(existing!.id);
    expect(again!.code).toBeNull();
    expect(await bootstrapInvitations()).toHaveLength(1);
    expect(lines.filter((entry) => entry.msg.includes('/invitation?code='))).toHaveLength(0);
    expect(lines.some((entry) => entry.msg.includes("that process's log"))).toBe(true);
  });

  it('is replaced on a later restart: the new link is logged and the old one stops working', async () => {
    const [existing] = await bootstrapInvitations();
    await ageRow(app, 'invitations', 'created_at', existing!.id, 1);
    const { logger, lines } = capturingLogger();
    const fresh = await ensureBootstrapInvitation({ ...app.context, logger });
    await flush();
    expect(fresh!.invitation.id).not.toBe(existing!.id);
    const url = `http://hearth.test/invitation?code=${fresh!.code}`;
    const line = lines.find((entry) => entry.msg.includes(url));
    expect(line).toBeDefined();
    expect(line!.level).toBe(30); // info
    expect(line!.invitationUrl).toBe(url);
    expect((await bootstrapInvitations()).map((row) => row.id)).toEqual([fresh!.invitation.id]);
  });

  it('is made anew when the waiting one has expired', async () => {
    const [existing] = await bootstrapInvitations();
    await ageRow(app, 'invitations', 'expires_at', existing!.id, 31 * 24);
    const { logger, lines } = capturingLogger();
    const fresh = await ensureBootstrapInvitation({ ...app.context, logger });
    await flush();
    expect(fresh!.invitation.id).not.toBe(existing!.id);
    expect(lines.some((entry) => entry.msg.includes(fresh!.code!))).toBe(true);
  });

  it('makes only one when several processes start at once', async () => {
    const before = (await bootstrapInvitations()).length;
    const { logger } = capturingLogger();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => ensureBootstrapInvitation({ ...app.context, logger })),
    );
    expect(new Set(results.map((row) => row!.invitation.id)).size).toBe(1);
    expect(await bootstrapInvitations()).toHaveLength(before);
  });

  it('makes its redeemer the first member, an admin invited by nobody', async () => {
    const [existing] = await bootstrapInvitations();
    await ageRow(app, 'invitations', 'created_at', existing!.id, 1); // a restart, so a new link is shown
    const open = await ensureBootstrapInvitation({ ...app.context, logger: capturingLogger().logger });
    const res = await app.client().post('/api/users', signUpBody({ invitation_code: open!.code }));
    expect(res.status).toBe(201);
    const [user] = await app.context.db.select().from(users).where(eq(users.id, res.body.id));
    expect(user).toMatchObject({ isAdmin: true, invitedById: null });
  });

  it('is neither made nor logged once a member exists', async () => {
    const { logger, lines } = capturingLogger();
    const before = (await bootstrapInvitations()).length;
    expect(await ensureBootstrapInvitation({ ...app.context, logger })).toBeNull();
    await flush();
    expect(await bootstrapInvitations()).toHaveLength(before);
    expect(lines.filter((entry) => entry.msg.includes('/invitation?code='))).toHaveLength(0);
  });
});
