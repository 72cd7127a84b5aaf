import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The security event log (docs/security.md "Security events", ADR 034): what an operator watches
 * for an attack or an account being taken over, one pino line per event with
 * `{ security_event: '<name>', ...fields }`. The names are a closed list and so are the fields: a
 * caller cannot hand over a password, a token, a code or a mail body, because there is no field
 * for one. Member ids and client addresses are logged; email addresses are not, not even hashed
 * (an address is easy to guess, so its hash is as good as the address to anyone holding the log).
 */
export const SECURITY_EVENTS = {
  /** A wrong password, or a wrong second-factor code at sign-in. */
  sign_in_failed: 'warn',
  two_factor_enabled: 'info',
  two_factor_disabled: 'info',
  /** A recovery code was spent to sign in. */
  recovery_code_used: 'warn',
  recovery_codes_regenerated: 'info',
  /** A group role was granted: a role change, or a request to join accepted with a role. */
  role_changed: 'info',
  /** A member asked to grant a group role the policy does not let them grant. */
  role_grant_refused: 'warn',
  /** Any 403 answer. */
  access_denied: 'warn',
  /** Any 429 answer. */
  rate_limited: 'warn',
  /** The SSRF guard refused an address a member's link led to. */
  fetch_blocked: 'warn',
} as const satisfies Record<string, 'info' | 'warn'>;

export type SecurityEventName = keyof typeof SECURITY_EVENTS;

/** Every field an event may carry; nothing else can be logged through here. */
export interface SecurityEventFields {
  /** The member who acted (or whose account it is); null when no one is signed in. */
  member_id?: string | null;
  ip?: string;
  method?: string;
  /** The route's pattern (`/api/group_roles/:id`), never the URL: query strings can hold tokens. */
  route?: string;
  /** Which step failed at sign-in. */
  step?: 'password' | 'two_factor';
  group_id?: string;
  /** The member a role was granted to (or would have been). */
  target_member_id?: string;
  role?: string;
  /** How a role was granted. */
  via?: 'role_change' | 'request_answer' | 'invitation' | 'group_link';
  /** A refused fetch: the host asked for, and the guard's reason (which names the address). */
  host?: string;
  reason?: string;
}

export type SecurityLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export function logSecurityEvent(
  logger: SecurityLogger,
  name: SecurityEventName,
  fields: SecurityEventFields = {},
): void {
  logger[SECURITY_EVENTS[name]]({ security_event: name, ...fields }, `security event: ${name}`);
}

/** Who made a request, for an event: the member signed in (if any), the client address. */
export function requestFields(request: FastifyRequest): SecurityEventFields {
  return { member_id: request.currentUser?.id ?? null, ip: request.ip };
}

/**
 * Every 403 and 429, whichever code answered it (a policy, the CSRF check, a throttle, a page
 * that answers its own 429), is logged once the answer is sent: one place, so none is missed.
 */
export function registerSecurityEventLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const name =
      reply.statusCode === 403 ? 'access_denied' : reply.statusCode === 429 ? 'rate_limited' : null;
    if (!name) return;
    logSecurityEvent(request.log, name, {
      ...requestFields(request),
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
    });
  });
}
