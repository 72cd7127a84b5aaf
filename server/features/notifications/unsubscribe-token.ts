import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeScope } from '../../../shared/api/notifications';
import { NOTIFICATION_KINDS } from '../../../shared/domain/constants';
import { loadOrCreateSigningKey } from '../../adapters/storage/signing-key';
import type { Config } from '../../config/env';

/**
 * One-click unsubscribe links (ADR 016): `{payload}.{signature}`, both base64url. The payload names
 * the member, what to stop (a kind, or `all`) and when the link expires; the signature is an
 * HMAC-SHA256 of the payload under MAIL_UNSUBSCRIBE_SECRET (or the key kept in DATA_DIR). Nothing is
 * stored: a link works until it expires, from any device, without a session.
 */

/** Mails linger in inboxes; a link keeps working this long after the mail was sent. */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;
const KEY_FILE = 'mail-unsubscribe-key';
const SCOPES = new Set<string>([...NOTIFICATION_KINDS, 'all']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type UnsubscribeCheck =
  { ok: true; userId: string; scope: UnsubscribeScope } | { ok: false; reason: 'invalid' | 'expired' };

const keys = new WeakMap<Config, string>();

/** The signing key for this configuration (read or generated once). */
export function unsubscribeKey(config: Config): string {
  let key = keys.get(config);
  if (!key) {
    key = loadOrCreateSigningKey(config.dataDir, config.mailUnsubscribeSecret, KEY_FILE);
    keys.set(config, key);
  }
  return key;
}

function signature(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${payload}`).digest();
}

export function signUnsubscribeToken(
  key: string,
  input: { userId: string; scope: UnsubscribeScope },
  now: Date = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 24 * 60 * 60;
  const payload = Buffer.from(`${input.userId}|${input.scope}|${expires}`).toString('base64url');
  return `${payload}.${signature(key, payload).toString('base64url')}`;
}

export function verifyUnsubscribeToken(key: string, token: string, now: Date = new Date()): UnsubscribeCheck {
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = signature(key, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  const [userId, scope, expires, ...extra] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  if (!userId || !UUID.test(userId) || !scope || !SCOPES.has(scope) || !expires || extra.length > 0) {
    return { ok: false, reason: 'invalid' };
  }
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId, scope: scope as UnsubscribeScope };
}
