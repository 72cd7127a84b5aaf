import { z } from 'zod';
import { BLANK, text, tooLong, uuidParam } from './fields';

/** Contracts of Web Push (ADR 052): the server's public key, a member's devices and quiet hours. */

/** GET /api/push/public_key: the VAPID key a browser subscribes with (base64url, 65 bytes decoded). */
export const PushPublicKeySchema = z.object({ public_key: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/** Push services' addresses are a few hundred characters; this leaves room and stops abuse. */
export const PUSH_ENDPOINT_MAX = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Bytes a base64url string decodes to (padding allowed), or -1 when it is not base64url. */
export function base64UrlBytes(value: string): number {
  if (!BASE64URL.test(value)) return -1;
  const bare = value.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/** A key of exactly `bytes` bytes, base64url as PushSubscription.toJSON() gives it. */
function keyField(bytes: number) {
  return text(BLANK)
    .max(Math.ceil(bytes / 3) * 4, tooLong(Math.ceil(bytes / 3) * 4))
    .refine((value) => base64UrlBytes(value) === bytes, {
      error: `must be a base64url-encoded ${bytes}-byte key`,
    });
}

/** Only https: a push service is always reached over TLS, and the address is the server's to POST to. */
const endpointField = text(BLANK)
  .max(PUSH_ENDPOINT_MAX, tooLong(PUSH_ENDPOINT_MAX))
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && !url.username && !url.password && url.hash === '';
      } catch {
        return false;
      }
    },
    { error: 'must be an https URL' },
  );

/** POST /api/push_subscriptions: the browser's PushSubscription.toJSON(), expiration ignored. */
export const CreatePushSubscriptionBodySchema = z.object({
  push_subscription: z.object({
    endpoint: endpointField,
    keys: z.object({
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: keyField(65),
      /** The shared authentication secret (16 bytes). */
      auth: keyField(16),
    }),
  }),
});
export type CreatePushSubscriptionBody = z.infer<typeof CreatePushSubscriptionBodySchema>;

/** One device that receives pushes, as the settings list shows it. */
export const PushSubscriptionSchema = z.object({
  id: z.string(),
  /** "Chrome 131 on Android 14", from the subscribing browser's User-Agent; null when unknown. */
  name: z.string().nullable(),
  /** Whether it is the device of this request's session. */
  current: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;
export const PushSubscriptionListSchema = z.array(PushSubscriptionSchema);
export const PushSubscriptionParamsSchema = z.object({ id: uuidParam });

/** "22:00": minutes after midnight in the member's time zone. */
const clockTime = text(BLANK).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time like 22:00' });

/**
 * GET and PUT /api/push_settings: quiet hours, or none (`quiet_hours: null`), and whether pushes
 * hide what they are about (a locked screen then shows only that something is new).
 */
export const PushSettingsSchema = z.object({
  quiet_hours: z
    .object({ start: clockTime, end: clockTime, time_zone: text(BLANK).max(64, tooLong(64)) })
    .nullable(),
  hide_contents: z.boolean({ error: 'must be true or false' }),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;
export const UpdatePushSettingsBodySchema = PushSettingsSchema;
