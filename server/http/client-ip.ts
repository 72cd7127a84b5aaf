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

/** The request's client, as per-IP throttles see it (the proxy-aware `request.ip`, bucketed). */
export function clientSubject(request: FastifyRequest): string {
  return throttleSubjectOf(request.ip);
}
