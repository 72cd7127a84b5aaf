import ipaddr from 'ipaddr.js';

/**
 * Which network addresses a fetched URL may connect to: public unicast only. Everything else
 * (private, loopback, link-local, CGNAT, multicast, broadcast, reserved, unspecified, unique local)
 * is refused, and IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged
 * by the IPv4 address inside them. Teredo and the local-use NAT64 prefix are refused outright: no
 * web page a member shares needs them, and their embedded addresses are easy to disguise.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

export interface AddressPolicyOptions {
  /** Tests only: loopback addresses (127.0.0.0/8, ::1) are allowed. */
  allowLoopback?: boolean;
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL_USE = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
const TEREDO = ipaddr.IPv6.parseCIDR('2001::/32');
const IPV4_TRANSLATED = ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96');

/** Judges one address as resolved or written in a URL (`[…]` brackets allowed). */
export function checkAddress(address: string, options: AddressPolicyOptions = {}): AddressVerdict {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(text)) return { allowed: false, reason: `not an IP address: ${address}` };
  const parsed = ipaddr.parse(text);
  return parsed.kind() === 'ipv4'
    ? checkIPv4(parsed as ipaddr.IPv4, address, options)
    : checkIPv6(parsed as ipaddr.IPv6, address, options);
}

/** The address in its canonical spelling (dotted decimal, compressed IPv6); call after checkAddress allowed it. */
export function canonicalAddress(address: string): string {
  return ipaddr.parse(address).toString();
}

function checkIPv4(ip: ipaddr.IPv4, shown: string, options: AddressPolicyOptions): AddressVerdict {
  const range = ip.range();
  if (range === 'unicast') return { allowed: true };
  if (range === 'loopback' && options.allowLoopback) return { allowed: true };
  return { allowed: false, reason: `${shown} is a ${describe(range)} address` };
}

function checkIPv6(ip: ipaddr.IPv6, shown: string, options: AddressPolicyOptions): AddressVerdict {
  if (ip.range() === 'loopback') {
    return options.allowLoopback
      ? { allowed: true }
      : { allowed: false, reason: `${shown} is a loopback address` };
  }
  if (ip.isIPv4MappedAddress()) return embedded(ip.toIPv4Address(), shown);
  if (ip.match(IPV4_TRANSLATED)) return embedded(lastFourBytes(ip), shown);
  if (ip.match(NAT64_WELL_KNOWN)) return embedded(lastFourBytes(ip), shown);
  if (ip.match(NAT64_LOCAL_USE)) return { allowed: false, reason: `${shown} is a local-use NAT64 address` };
  // ::/96 holds the unspecified address, loopback (handled above) and IPv4-compatible forms.
  if (ip.match(IPV4_COMPATIBLE)) {
    if (ip.range() === 'unspecified')
      return { allowed: false, reason: `${shown} is the unspecified address` };
    return embedded(lastFourBytes(ip), shown);
  }
  if (ip.match(SIX_TO_FOUR)) {
    const bytes = ip.toByteArray();
    return embedded(new ipaddr.IPv4(bytes.slice(2, 6)), shown);
  }
  if (ip.match(TEREDO)) return { allowed: false, reason: `${shown} is a Teredo tunnel address` };
  const range = ip.range();
  if (range === 'unicast' && ip.match(GLOBAL_UNICAST_V6)) return { allowed: true };
  return {
    allowed: false,
    reason: `${shown} is a ${describe(range === 'unicast' ? 'reserved' : range)} address`,
  };
}

/** An IPv6 form carrying an IPv4 address is as safe as that address; the loopback test switch does not reach inside. */
function embedded(v4: ipaddr.IPv4, shown: string): AddressVerdict {
  const inner = checkIPv4(v4, v4.toString(), {});
  return inner.allowed ? inner : { allowed: false, reason: `${shown} wraps ${inner.reason}` };
}

function lastFourBytes(ip: ipaddr.IPv6): ipaddr.IPv4 {
  return new ipaddr.IPv4(ip.toByteArray().slice(12, 16));
}

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  uniqueLocal: 'unique local',
  reserved: 'reserved',
  deprecatedSiteLocal: 'site-local',
};

function describe(range: string): string {
  return RANGE_NAMES[range] ?? `special-purpose (${range})`;
}
