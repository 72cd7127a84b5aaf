import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type AddressPolicyOptions, canonicalAddress, checkAddress } from './address-policy';
import { decodeText } from './decode-text';
import { readCapped } from './read-body';
import { SafeFetchError } from './safe-fetch-error';
import { logSecurityEvent, type SecurityLogger } from '../../http/security-events';

export { SafeFetchError, type SafeFetchErrorCode } from './safe-fetch-error';

/**
 * The one HTTP client for URLs that members supply. Every address a host name resolves to is
 * checked in the connection's own DNS lookup, so the address judged is the address connected to
 * (a name that answers differently the second time, DNS rebinding, gains nothing). Redirects are
 * followed by hand and every hop is checked again; one deadline covers the whole fetch, bodies
 * included; the body is capped after decompression.
 */

/** Resolves a host name to every address it has (A and AAAA). Injectable so tests control DNS. */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface SafeFetchOptions extends AddressPolicyOptions {
  resolver?: Resolver;
  /** The whole fetch, redirects and body included, must end within this (default 15 s). */
  deadlineMs?: number;
  /** Bytes of body kept after decompression (default 5 MB); the rest is not read. */
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * Media types read as raw bytes (`bytes` in the result) instead of text, e.g. the image types
   * of a link's lead image. Capped at `maxBytes` like text; every other type is still not read.
   */
  binaryTypes?: ReadonlySet<string>;
  /** Where a refused address is written as a security event (`fetch_blocked`). */
  logger?: SecurityLogger;
}

export interface FetchResult {
  /** The URL asked for, in its parsed spelling. */
  url: string;
  /** Where the redirects ended. */
  finalUrl: string;
  /** Every URL that answered with a redirect, in order (empty when the first answer was final). */
  redirectChain: string[];
  status: number;
  /** The media type, lower case without parameters (`text/html`), or null when none was sent. */
  contentType: string | null;
  /** The file name a `Content-Disposition` header offered, if any. */
  attachmentName: string | null;
  /** The decoded text for HTML, XHTML and plain text; null for every other type (not read). */
  body: string | null;
  /** The raw body for a type in `binaryTypes`; absent otherwise. */
  bytes?: Buffer;
  /** True when the body passed `maxBytes` and only its start was kept. */
  truncated: boolean;
}

export const SAFE_FETCH_LIMITS = { deadlineMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };
export const READABLE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain']);
export const HEARTH_USER_AGENT =
  'Mozilla/5.0 (compatible; HearthLinkReader/1.0; reads links members share on Hearth)';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<FetchResult> {
  const limits = { ...SAFE_FETCH_LIMITS, ...definedOnly(options) };
  const resolver = options.resolver ?? systemResolver;
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(new SafeFetchError('timeout', `no complete answer within ${limits.deadlineMs} ms`)),
    limits.deadlineMs,
  );
  try {
    const first = checkUrl(url, options);
    const chain: string[] = [];
    let current = first;
    for (;;) {
      const response = await send(current, resolver, options, controller.signal, acceptHeader(options));
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        response.destroy();
        chain.push(current.href);
        if (chain.length > limits.maxRedirects) {
          throw new SafeFetchError('too_many_redirects', `more than ${limits.maxRedirects} redirects`);
        }
        current = checkUrl(resolveLocation(location, current), options);
        continue;
      }
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new SafeFetchError('http_status', `the server answered ${status}`, status);
      }
      const contentTypeHeader = response.headers['content-type'] ?? null;
      const contentType = contentTypeHeader ? mediaType(contentTypeHeader) : null;
      const attachmentName = fileNameOf(response.headers['content-disposition']);
      const base = {
        url: first.href,
        finalUrl: current.href,
        redirectChain: chain,
        status,
        contentType,
        attachmentName,
      };
      const readable = contentType !== null && READABLE_TYPES.has(contentType);
      const binary = contentType !== null && options.binaryTypes?.has(contentType) === true;
      if (readable || binary) refuseAnnouncedOversize(response, limits.maxBytes);
      if (binary) {
        const { bytes, truncated } = await readCapped(response, limits.maxBytes, controller.signal);
        return { ...base, body: null, bytes, truncated };
      }
      if (!readable) {
        response.destroy();
        return { ...base, body: null, truncated: false };
      }
      const { bytes, truncated } = await readCapped(response, limits.maxBytes, controller.signal);
      return { ...base, body: decodeText(bytes, contentTypeHeader), truncated };
    }
  } catch (error) {
    const failure = asSafeFetchError(controller.signal.aborted ? controller.signal.reason : error);
    if (failure.code === 'blocked_address' && options.logger) {
      logSecurityEvent(options.logger, 'fetch_blocked', { host: hostOf(url), reason: failure.message });
    }
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A body announced larger than the cap is refused before a byte of it is read: waiting for it
 * would hold the fetch until its deadline when the server stalls, and only its start would be kept
 * anyway. A compressed body's length counts encoded bytes, and decoding does not shrink a body.
 */
function refuseAnnouncedOversize(response: http.IncomingMessage, maxBytes: number) {
  const announced = Number(response.headers['content-length']);
  if (!Number.isFinite(announced) || announced <= maxBytes) return;
  response.destroy();
  throw new SafeFetchError(
    'too_large',
    `the answer announces ${announced} bytes, over the ${maxBytes}-byte cap`,
  );
}

/** Refuses what no connection may even be tried for: bad scheme, credentials, odd ports, blocked IP literals. */
export function checkUrl(raw: string, options: AddressPolicyOptions = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('invalid_url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('unsupported_scheme', `${url.protocol} links are not fetched`);
  }
  if (url.username || url.password) {
    throw new SafeFetchError('credentials', 'URLs with a user name or password are not fetched');
  }
  if (url.port && url.port !== DEFAULT_PORTS[url.protocol] && !options.allowLoopback) {
    throw new SafeFetchError('port', `only the default ports are fetched (not ${url.port})`);
  }
  // The URL parser has already turned every IPv4 spelling (2130706433, 0177.0.0.1, 0x7f.1, 127.1)
  // into dotted decimal, and IPv6 into its compressed form, so one check sees them all.
  const host = bareHost(url);
  if (isIpLiteral(host)) {
    const verdict = checkAddress(host, options);
    if (!verdict.allowed) throw new SafeFetchError('blocked_address', verdict.reason);
  }
  return url;
}

/** The host of a URL for the log: never its path or query, which may carry someone's token. */
function hostOf(raw: string): string {
  try {
    return new URL(raw).hostname;
  } catch {
    return 'invalid';
  }
}

function resolveLocation(location: string, from: URL): string {
  try {
    return new URL(location, from).href;
  } catch {
    throw new SafeFetchError('invalid_url', 'a redirect pointed to an invalid URL');
  }
}

const PAGE_ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5';

/** Pages ask for HTML first; a fetch for bytes asks for exactly the types it will read. */
function acceptHeader(options: SafeFetchOptions): string {
  return options.binaryTypes ? [...options.binaryTypes].join(',') : PAGE_ACCEPT;
}

function send(
  url: URL,
  resolver: Resolver,
  policy: AddressPolicyOptions,
  signal: AbortSignal,
  accept: string,
) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        signal,
        lookup: guardedLookup(resolver, policy),
        headers: {
          'user-agent': HEARTH_USER_AGENT,
          accept,
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en;q=0.9, *;q=0.5',
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * The lookup the connection itself uses: every answer must pass, or nothing is connected. Also the
 * lookup of Web Push's agent (server/features/push), whose endpoints members supply too.
 */
export function guardedLookup(resolver: Resolver, policy: AddressPolicyOptions): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname)
      .then((answers) => {
        if (answers.length === 0) throw new SafeFetchError('not_found', `${hostname} has no address`);
        for (const answer of answers) {
          const verdict = checkAddress(answer.address, policy);
          if (!verdict.allowed) {
            throw new SafeFetchError('blocked_address', `${hostname} resolves to ${verdict.reason}`);
          }
        }
        // Connect to the address as checked (canonical spelling), never to a string read differently.
        const checked = answers.map((answer) => ({
          address: canonicalAddress(answer.address),
          family: answer.family,
        }));
        const usable = options.family
          ? checked.filter((answer) => answer.family === options.family)
          : checked;
        if (usable.length === 0) throw new SafeFetchError('not_found', `${hostname} has no usable address`);
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}

export const systemResolver: Resolver = async (hostname) => {
  try {
    return await dns.promises.lookup(hostname, { all: true, verbatim: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA')
      throw new SafeFetchError('not_found', `${hostname} does not exist`);
    throw new SafeFetchError('network', `${hostname} could not be looked up`);
  }
};

function mediaType(header: string): string {
  return header.split(';')[0]!.trim().toLowerCase();
}

function fileNameOf(header: string | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      return star[1]!.trim();
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return plain ? (plain[2] ?? plain[1]!).trim() : null;
}

function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

function asSafeFetchError(error: unknown): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'ERR_BROTLI_DECOMPRESSION_FAILED') {
    return new SafeFetchError('decoding', 'the page could not be decompressed');
  }
  return new SafeFetchError('network', (error as Error | undefined)?.message ?? 'the connection failed');
}

function definedOnly(options: SafeFetchOptions) {
  const { deadlineMs, maxBytes, maxRedirects } = options;
  return Object.fromEntries(
    Object.entries({ deadlineMs, maxBytes, maxRedirects }).filter(([, value]) => value !== undefined),
  ) as Partial<typeof SAFE_FETCH_LIMITS>;
}
