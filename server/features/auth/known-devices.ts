import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Config, servedOverHttps } from '../../config/env';
import type { Db } from '../../db/client';
import { knownDevices, users } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';

/**
 * The device cookie (OWASP "Slow down online guessing attacks with device cookies"): a random
 * token, stored hashed and keyed to the member, set on every successful sign-in. Sent to the
 * sign-in route only; a year long, so a member's own browsers stay known.
 */
export const DEVICE_COOKIE = 'hearth_device';
const DEVICE_PATH = '/api/users/sign_in';
const DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

function presentedToken(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE];
  return token && token.length <= 200 ? token : null;
}

/** Whether the request carries a device cookie issued to the account of `email`. */
export async function isKnownDevice(db: Db, request: FastifyRequest, email: string): Promise<boolean> {
  const token = presentedToken(request);
  if (!token) return false;
  const rows = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(knownDevices.tokenHash, hashToken(token)), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return rows.length > 0;
}

/**
 * After a successful sign-in: keeps the device the member's (refreshing its cookie) or, for a new
 * browser or one holding another member's device, issues a new device token.
 */
export async function rememberDevice(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const presented = presentedToken(request);
  let token = presented;
  const now = new Date();
  const touched = presented
    ? await db
        .update(knownDevices)
        .set({ lastUsedAt: now })
        .where(and(eq(knownDevices.tokenHash, hashToken(presented)), eq(knownDevices.userId, userId)))
        .returning({ id: knownDevices.id })
    : [];
  if (touched.length === 0) {
    token = randomToken();
    await db.insert(knownDevices).values({ userId, tokenHash: hashToken(token), lastUsedAt: now });
  }
  reply.setCookie(DEVICE_COOKIE, token!, {
    path: DEVICE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(config),
    expires: new Date(now.getTime() + DEVICE_MS),
  });
}
