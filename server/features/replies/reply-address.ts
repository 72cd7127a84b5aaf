import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { loadOrCreateSigningKey } from '../../adapters/storage/signing-key';
import type { Config } from '../../config/env';

/**
 * Reply addresses (ADR 054): `reply-<token>@<REPLY_EMAIL_DOMAIN>`. The token is base32 (lowercase:
 * mail systems may change the case of a local part) of 24 bytes:
 *   code (10 random bytes: names the reply_addresses row: member, post, comment)
 *   expiry (4 bytes: seconds since 1970)
 *   MAC (the first 10 bytes of HMAC-SHA256 over code and expiry, under MAIL_REPLY_SECRET or the key
 *   kept in DATA_DIR).
 * 39 characters, 45 with the prefix, within the 64 a local part may have. Two UUIDs and a MAC would
 * not fit, so the row holds them. The MAC refuses a made-up address before the database is asked,
 * and the expiry in the open lets an expired one be refused the same way.
 */

/** Mails linger in inboxes; a reply address works this long after the mail was sent. */
export const REPLY_ADDRESS_DAYS = 30;
export const REPLY_PREFIX = 'reply-';
const CODE_BYTES = 10;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 10;
const TOKEN_BYTES = CODE_BYTES + EXPIRY_BYTES + MAC_BYTES;
const KEY_FILE = 'mail-reply-key';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export type ReplyAddressCheck =
  { ok: true; code: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

const keys = new WeakMap<Config, string>();

/** The signing key for this configuration (read or generated once). */
export function replyKey(config: Config): string {
  let key = keys.get(config);
  if (!key) {
    key = loadOrCreateSigningKey(config.dataDir, config.inboundMail.replySecret, KEY_FILE);
    keys.set(config, key);
  }
  return key;
}

/** RFC 4648 base32, lowercase, without padding. */
export function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text, or null when a character is not of the alphabet. */
export function fromBase32(text: string): Buffer | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toLowerCase()) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

function mac(key: string, signed: Buffer): Buffer {
  return createHmac('sha256', key).update('reply:').update(signed).digest().subarray(0, MAC_BYTES);
}

/** A fresh random code for a new reply_addresses row. */
export function newReplyCode(): string {
  return base32(randomBytes(CODE_BYTES));
}

/** The local part for a row's code and expiry. */
export function signReplyLocalPart(key: string, code: string, expiresAt: Date): string {
  const codeBytes = fromBase32(code);
  if (!codeBytes || codeBytes.length !== CODE_BYTES) throw new Error('not a reply address code');
  const expiry = Buffer.alloc(EXPIRY_BYTES);
  expiry.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000));
  const signed = Buffer.concat([codeBytes, expiry]);
  return `${REPLY_PREFIX}${base32(Buffer.concat([signed, mac(key, signed)]))}`;
}

/** Whether `localPart` is one Hearth signed, and unexpired at `now`; the row's code if so. */
export function verifyReplyLocalPart(
  key: string,
  localPart: string,
  now: Date = new Date(),
): ReplyAddressCheck {
  const lower = localPart.toLowerCase();
  if (!lower.startsWith(REPLY_PREFIX)) return { ok: false, reason: 'invalid' };
  const bytes = fromBase32(lower.slice(REPLY_PREFIX.length));
  if (!bytes || bytes.length !== TOKEN_BYTES) return { ok: false, reason: 'invalid' };
  const signed = bytes.subarray(0, CODE_BYTES + EXPIRY_BYTES);
  const given = bytes.subarray(CODE_BYTES + EXPIRY_BYTES);
  if (!timingSafeEqual(given, mac(key, signed))) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(signed.readUInt32BE(CODE_BYTES) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, code: base32(signed.subarray(0, CODE_BYTES)), expiresAt };
}

/** Splits `local@domain` (the last @), domain lowercased; null when it is not an address. */
export function splitAddress(address: string): { localPart: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return { localPart: address.slice(0, at), domain: address.slice(at + 1).toLowerCase() };
}
