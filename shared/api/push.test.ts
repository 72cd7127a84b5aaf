import { describe, expect, it } from 'vitest';
import { base64UrlBytes, CreatePushSubscriptionBodySchema, PushSettingsSchema } from './push';

const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
const auth = Buffer.alloc(16, 2).toString('base64url');
const body = (endpoint: string, keys = { p256dh, auth }) => ({ push_subscription: { endpoint, keys } });

describe('push contracts', () => {
  it('counts base64url bytes with or without padding, and refuses other alphabets', () => {
    expect(base64UrlBytes(auth)).toBe(16);
    expect(base64UrlBytes(`${auth}==`)).toBe(16);
    expect(base64UrlBytes(p256dh)).toBe(65);
    expect(base64UrlBytes('ab+/')).toBe(-1);
    expect(base64UrlBytes('abcde')).toBe(-1);
  });

  it('takes a browser subscription: an https endpoint, a 65-byte key and a 16-byte secret', () => {
    expect(
      CreatePushSubscriptionBodySchema.safeParse(body('https://fcm.googleapis.com/fcm/send/x')).success,
    ).toBe(true);
    for (const endpoint of ['http://push.example.com/x', 'https://user:pw@push.example.com/x', 'not a url']) {
      expect(CreatePushSubscriptionBodySchema.safeParse(body(endpoint)).success, endpoint).toBe(false);
    }
    expect(
      CreatePushSubscriptionBodySchema.safeParse(body(`https://push.example.com/${'x'.repeat(2100)}`))
        .success,
    ).toBe(false);
    expect(
      CreatePushSubscriptionBodySchema.safeParse(body('https://push.example.com/x', { p256dh: auth, auth }))
        .success,
    ).toBe(false);
    expect(
      CreatePushSubscriptionBodySchema.safeParse(body('https://push.example.com/x', { p256dh, auth: p256dh }))
        .success,
    ).toBe(false);
  });

  it('takes quiet hours as two clock times and a zone, or none', () => {
    expect(PushSettingsSchema.safeParse({ quiet_hours: null, hide_contents: false }).success).toBe(true);
    expect(PushSettingsSchema.safeParse({ quiet_hours: null }).success).toBe(false);
    const quiet = (start: string, end: string) => ({
      quiet_hours: { start, end, time_zone: 'UTC' },
      hide_contents: false,
    });
    expect(PushSettingsSchema.safeParse(quiet('22:00', '07:30')).success).toBe(true);
    for (const [start, end] of [
      ['24:00', '07:00'],
      ['7:00', '08:00'],
      ['22:00', '07:60'],
    ]) {
      expect(PushSettingsSchema.safeParse(quiet(start!, end!)).success, `${start}-${end}`).toBe(false);
    }
  });
});
