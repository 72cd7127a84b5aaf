import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, `::` expanded (a zone such as `%eth0` dropped). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    group.replace(/^0+(?=.)/, ''),
  );
}

/**
 * The subject every per-IP throttle counts against. An IPv6 client usually holds a whole /64 (a
 * home, a phone, a cloud VM) and can pick any address in it, so counting single addresses would give
 * it 2^64 fresh budgets: IPv6 is bucketed by its /64. IPv4, and IPv4 written as IPv6 (`::ffff:a.b.c.d`,
 * what a dual-stack socket reports), is the address itself.
 */
export function throttleSubjectOf(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip.split('%')[0]!) !== 6) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** An IPv4 address with a port (`203.0.113.7:51234`) or a bracketed IPv6 one (`[2001:db8::1]:443`). */
const WITH_PORT = /^(?:(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}|\[([0-9a-f:.%]+)\]:\d{1,5})$/i;

/** The IP address an X-Forwarded-For entry names (some proxies add the port), or undefined. */
function addressIn(entry: string): string | undefined {
  const withPort = WITH_PORT.exec(entry);
  const address = withPort ? (withPort[1] ?? withPort[2]!) : entry;
  return isIP(address.split('%')[0]!) ? address : undefined;
}

/**
 * The address of the request's client. Fastify's `request.ips` is the socket's peer followed by the
 * X-Forwarded-For entries from right to left, up to the first hop TRUST_PROXY does not trust, and
 * `request.ip` is its last entry, whatever that entry says. An entry that is no IP address
 * (`unknown`, `foo`, `1.2.3.4.5`) names nobody; were it taken as the client, a client sending a new
 * one each time would get a new throttle bucket each time. So the chain is read only up to the first
 * such entry, and the client is the last valid address before it: the hop that handed the nonsense
 * on, the nearest party we can still name (the proxy's own socket address when the client wrote it).
 * Empty entries never get here: the header's parser drops them.
 */
export function clientAddressOf(request: FastifyRequest): string {
  const [peer, ...forwarded] = request.ips ?? [request.ip];
  let client = peer ?? request.ip;
  for (const entry of forwarded) {
    const address = addressIn(entry);
    if (address === undefined) break;
    client = address;
  }
  return client;
}

/** The request's client, as per-IP throttles see it (its address through the proxies, bucketed). */
export function clientSubject(request: FastifyRequest): string {
  return throttleSubjectOf(clientAddressOf(request));
}
