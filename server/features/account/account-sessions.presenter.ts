import { isIP } from 'node:net';
import Bowser from 'bowser';
import type { AccountSession } from '../../../shared/api/account';
import { timeAgo } from '../../../shared/domain/time';
import type { sessions } from '../../db/schema';

type SessionRow = typeof sessions.$inferSelect;

/** "Firefox 120" from a User-Agent; only the major version, which is what people recognise. */
function browserOf(parsed: Bowser.Parser.Parser | null): string | null {
  const name = parsed?.getBrowserName();
  if (!name) return null;
  const major = parsed!.getBrowserVersion()?.split('.')[0];
  return major ? `${name} ${major}` : name;
}

function osOf(parsed: Bowser.Parser.Parser | null): string | null {
  const os = parsed?.getOS();
  if (!os?.name) return null;
  const version = os.versionName ?? os.version;
  return version ? `${os.name} ${version}` : os.name;
}

/**
 * The network an address belongs to, as far as Hearth honestly knows without a GeoIP database:
 * its /24 for IPv4, its /64 for IPv6 (one household or office, typically).
 */
export function networkOf(ip: string | null): string | null {
  if (!ip) return null;
  const mapped = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(mapped) === 4) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(mapped) !== 6) return null;
  const [head = '', tail = ''] = mapped.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = mapped.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** "Chrome 131 on Android 14", "Firefox 120", or null when the User-Agent says nothing useful. */
export function deviceName(userAgent: string | null): string | null {
  const parsed = userAgent ? Bowser.getParser(userAgent) : null;
  const browser = browserOf(parsed);
  const os = osOf(parsed);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os;
}

export function presentAccountSession(
  row: SessionRow,
  currentId: string | null,
  now = new Date(),
): AccountSession {
  const parsed = row.userAgent ? Bowser.getParser(row.userAgent) : null;
  return {
    id: row.id,
    current: row.id === currentId,
    browser: browserOf(parsed),
    os: osOf(parsed),
    network: networkOf(row.ip),
    created_at: row.createdAt.toISOString(),
    created_ago: timeAgo(row.createdAt, now),
    last_seen_at: row.lastSeenAt.toISOString(),
    last_seen_ago: timeAgo(row.lastSeenAt, now),
  };
}
