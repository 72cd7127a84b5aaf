/**
 * Whether the receiving side vouches for a reply's From domain (ADR 054). The MX or relay in front
 * of Hearth checks SPF, DKIM and DMARC and writes an Authentication-Results header (RFC 8601) named
 * by its authserv-id, INBOUND_AUTHSERV_ID. Only the topmost header with that id counts: that relay
 * adds its own on top (and should remove any that arrived with its name); one further down came
 * with the message, from anyone.
 *
 * Aligned means the domain that passed is the From domain, or one is a subdomain of the other
 * (DMARC's relaxed alignment, read without a public suffix list: two sibling subdomains of one
 * organisation are not taken as aligned, which errs on the side of refusing).
 */

export type Alignment = 'aligned' | 'unaligned' | 'unreported';

interface Result {
  method: string;
  result: string;
  properties: Map<string, string>;
}

/** The header's value with comments `( … )` removed and whitespace folded. */
function uncommented(value: string): string {
  let depth = 0;
  let out = '';
  for (const char of value) {
    if (char === '(') depth++;
    else if (char === ')' && depth > 0) depth--;
    else if (depth === 0) out += char;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The authserv-id and the method results of one Authentication-Results value. */
export function parseAuthenticationResults(value: string): { authservId: string; results: Result[] } {
  const [head = '', ...clauses] = uncommented(value).split(';');
  const authservId = head.trim().split(' ')[0]!.toLowerCase();
  const results: Result[] = [];
  for (const clause of clauses) {
    const [first, ...rest] = clause.trim().split(' ');
    const match = /^([a-z0-9_-]+)=([a-z]+)$/i.exec(first ?? '');
    if (!match) continue;
    const properties = new Map<string, string>();
    for (const pair of rest) {
      const at = pair.indexOf('=');
      if (at > 0) properties.set(pair.slice(0, at).toLowerCase(), pair.slice(at + 1).replace(/^"|"$/g, ''));
    }
    results.push({ method: match[1]!.toLowerCase(), result: match[2]!.toLowerCase(), properties });
  }
  return { authservId, results };
}

function domainOf(value: string | undefined): string | null {
  if (!value) return null;
  const domain = value
    .slice(value.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  return domain || null;
}

export function domainsAligned(fromDomain: string, other: string | null): boolean {
  if (!other) return false;
  const from = fromDomain.toLowerCase();
  return from === other || from.endsWith(`.${other}`) || other.endsWith(`.${from}`);
}

function passesAligned(result: Result, fromDomain: string): boolean {
  if (result.result !== 'pass') return false;
  switch (result.method) {
    case 'dmarc': {
      const checked = domainOf(result.properties.get('header.from'));
      return checked === null || domainsAligned(fromDomain, checked);
    }
    case 'dkim':
      return domainsAligned(
        fromDomain,
        domainOf(result.properties.get('header.d') ?? result.properties.get('header.i')),
      );
    case 'spf':
      return domainsAligned(fromDomain, domainOf(result.properties.get('smtp.mailfrom')));
    default:
      return false;
  }
}

/**
 * `headers`: the values of every Authentication-Results header, topmost first. `unreported` when
 * none carries `authservId`.
 */
export function fromAlignment(headers: string[], authservId: string, fromDomain: string): Alignment {
  const wanted = authservId.toLowerCase();
  const ours = headers.map(parseAuthenticationResults).find((header) => header.authservId === wanted);
  if (!ours) return 'unreported';
  return ours.results.some((result) => passesAligned(result, fromDomain)) ? 'aligned' : 'unaligned';
}
