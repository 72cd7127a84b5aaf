import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';

/**
 * A push service on 127.0.0.1, as the real protocol sees it (RFC 8030, 8291, 8292): it serves https
 * with a self-signed certificate (Hearth trusts it only under PUSH_ALLOW_LOOPBACK), and each device
 * it hands out holds a P-256 key pair and an auth secret of its own, as a browser's subscription
 * does. What Hearth POSTs is kept with its VAPID claims checked and its aes128gcm body decrypted:
 * no part of web-push is replaced.
 */
export interface ReceivedPush {
  deviceId: string;
  /** The decrypted payload as JSON. */
  payload: { title: string; body: string; path: string; tag: string };
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID JWT's claims, after its ES256 signature was checked with the key it names. */
  claims: { aud: string; exp: number; sub: string };
  /** The public key the Authorization header names (`k=`), base64url. */
  vapidKey: string;
  /** When it was decrypted (Date.now()), for the fan-out benchmark's latencies. */
  receivedAt: number;
}

export interface PushDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  /** Why a POST was refused (a body that did not decrypt, a bad VAPID header): empty when all was right. */
  failures: string[];
  /** A new browser subscription on this service. */
  device(): PushDevice;
  /** The status the service answers for a device from now on (201 when not set). */
  answer(deviceId: string, status: number): void;
  /** Waits until `count` pushes reached the device, and returns them. */
  waitFor(deviceId: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** A throwaway certificate for 127.0.0.1, made with the system's openssl. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Checks `vapid t=<jwt>, k=<key>` (RFC 8292) and answers the JWT's claims and the key. */
function checkVapid(header: string | undefined): { claims: ReceivedPush['claims']; vapidKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, vapidKey] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(vapidKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not match its key');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return { claims: JSON.parse(Buffer.from(body, 'base64url').toString()), vapidKey };
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const failures: string[] = [];
  const server = https.createServer(selfSignedCertificate(), (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const deviceId = (request.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(deviceId);
      const status = answers.get(deviceId) ?? 201;
      if (!device || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      try {
        if (status === 201) receive(deviceId, device, Buffer.concat(chunks), request.headers);
        response.writeHead(status).end();
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  const receive = (
    deviceId: string,
    device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
    body: Buffer,
    headers: http.IncomingHttpHeaders,
  ) => {
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    const plain = decrypt(body, {
      version: 'aes128gcm',
      privateKey: device.ecdh,
      authSecret: device.auth,
    });
    received.push({
      deviceId,
      payload: JSON.parse(plain.toString('utf8')),
      ttl: headers.ttl as string | undefined,
      urgency: headers.urgency as string | undefined,
      ...checkVapid(headers.authorization),
      receivedAt: Date.now(),
    });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('push service is not listening');
  const origin = `https://127.0.0.1:${address.port}`;
  return {
    origin,
    received,
    failures,
    device() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answer(deviceId, status) {
      answers.set(deviceId, status);
    },
    async waitFor(deviceId, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = received.filter((push) => push.deviceId === deviceId);
        if (mine.length >= count) return mine;
        if (Date.now() > deadline) throw new Error(`no push to ${deviceId} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
