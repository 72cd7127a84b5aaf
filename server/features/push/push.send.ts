import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Config } from '../../config/env';
import {
  checkUrl,
  guardedLookup,
  SafeFetchError,
  systemResolver,
} from '../../adapters/safe-fetch/safe-fetch';
import type { PushSubscriptionRow } from './push.repo';
import { vapidKeys } from './vapid-keys';

/** What a device shows (web/public/sw.js): the inbox's words, where a tap leads, and the line's tag. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of Hearth's own, e.g. /post/{id}; the service worker opens nothing else. */
  path: string;
  /** Pushes of one inbox line share it, so a device shows the newest instead of a pile. */
  tag: string;
}

/** How one delivery ended: `gone` drops the subscription, `retry` runs the job again later. */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'retry';

/** A push not delivered within a day is news no more; the push service may then drop it. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends one encrypted push (aes128gcm, signed with VAPID) to one device's push service. The endpoint
 * is a URL a member supplied, so it is held to the link fetcher's rule (server/adapters/safe-fetch):
 * public addresses only, on the default port, checked in the connection's own DNS lookup.
 */
export async function sendPush(
  config: Config,
  subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
  payload: PushPayload,
  urgency: 'low' | 'normal',
): Promise<PushOutcome> {
  const policy = { allowLoopback: config.push.allowLoopback };
  try {
    checkUrl(subscription.endpoint, policy);
  } catch (error) {
    if (error instanceof SafeFetchError) return 'refused';
    throw error;
  }
  const keys = vapidKeys(config);
  try {
    await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: config.push.subject,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        urgency,
        contentEncoding: 'aes128gcm',
        timeout: SEND_TIMEOUT_MS,
        agent: agentFor(config.push.allowLoopback),
      },
    );
    return 'sent';
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Connections kept open to one push service: the bound on pushes in flight to it from a process. */
const CONNECTIONS_PER_SERVICE = 16;
const agents = new Map<boolean, https.Agent>();

/**
 * The process's connections to push services, kept alive between pushes: most devices share a
 * handful of services (one per browser maker), so a thousand pushes reuse a few connections
 * instead of each paying a TLS handshake. Each new connection still resolves through the guarded
 * lookup, so an address is checked whenever it is connected to.
 */
function agentFor(allowLoopback: boolean): https.Agent {
  let agent = agents.get(allowLoopback);
  if (!agent) {
    agent = new https.Agent({
      keepAlive: true,
      maxSockets: CONNECTIONS_PER_SERVICE,
      lookup: guardedLookup(systemResolver, { allowLoopback }),
      // Tests' local push services answer with a self-signed certificate (refused in production).
      rejectUnauthorized: !allowLoopback,
    });
    agents.set(allowLoopback, agent);
  }
  return agent;
}

/**
 * 404 and 410: the subscription expired or was withdrawn (RFC 8030 §7.3). 429 and 5xx, and a
 * network failure: the service may take it later. Any other answer (a payload it refuses, a VAPID
 * key it does not match) would be refused again; an address the rule refuses is not tried at all.
 */
function outcomeOf(error: unknown): PushOutcome {
  if (error instanceof WebPushError) {
    if (error.statusCode === 404 || error.statusCode === 410) return 'gone';
    if (error.statusCode === 429 || error.statusCode >= 500) return 'retry';
    return 'refused';
  }
  if (error instanceof SafeFetchError && error.code === 'blocked_address') return 'refused';
  return 'retry';
}
