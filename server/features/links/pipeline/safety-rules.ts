import { domainToUnicode } from 'node:url';
import { parseHTML } from 'linkedom';

/** What the local safety rules look at: the addresses the fetch went through and what it found. */
export interface SafetyInput {
  url: string;
  finalUrl: string | null;
  redirectChain: string[];
  contentType: string | null;
  attachmentName: string | null;
  /** The page's HTML when it was HTML (forms are read from it); null otherwise. */
  html: string | null;
}

export interface SafetyFinding {
  level: 'unsafe' | 'suspicious';
  reason: string;
}

const URL_SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'v.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  'bl.ink',
  's.id',
  't.ly',
  'lnkd.in',
  'trib.al',
  'dlvr.it',
  'adf.ly',
  'shorte.st',
  'ouo.io',
  'tiny.one',
  'short.io',
  'qrco.de',
  'x.gd',
  'urlz.fr',
  'shorturl.gg',
]);

const EXECUTABLE_EXTENSIONS = new Set([
  'exe',
  'msi',
  'msix',
  'appx',
  'scr',
  'com',
  'pif',
  'bat',
  'cmd',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'ps1',
  'hta',
  'cpl',
  'jar',
  'apk',
  'xapk',
  'dmg',
  'pkg',
  'app',
  'deb',
  'rpm',
  'sh',
  'run',
  'bin',
  'lnk',
  'iso',
  'img',
  'vhd',
  'reg',
  'dll',
]);

const EXECUTABLE_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/vnd.microsoft.portable-executable',
  'application/x-dosexec',
  'application/x-executable',
  'application/x-sh',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/x-apple-diskimage',
  'application/x-iso9660-image',
]);

/** Second-level labels under which registrations happen (example.co.uk): a short list, not the PSL. */
const SECOND_LEVEL_REGISTRIES = new Set([
  'co',
  'com',
  'net',
  'org',
  'gov',
  'ac',
  'edu',
  'ne',
  'or',
  'go',
  'gob',
  'nic',
]);
const GENERIC_TLDS = new Set(['com', 'net', 'org', 'gov', 'edu', 'io', 'co']);

/** Every local rule, in the order their reasons are shown. */
export function localFindings(input: SafetyInput): SafetyFinding[] {
  const addresses = uniqueUrls([
    input.url,
    ...input.redirectChain,
    ...(input.finalUrl ? [input.finalUrl] : []),
  ]);
  return dedupe([
    ...addresses.flatMap(hostFindings),
    ...redirectFindings(addresses),
    ...downloadFindings(input),
    ...(input.html && input.finalUrl ? passwordFormFindings(input.html, input.finalUrl) : []),
  ]);
}

function hostFindings(url: URL): SafetyFinding[] {
  const host = url.hostname;
  const findings: SafetyFinding[] = [];
  if (isIpLiteral(host)) {
    findings.push({
      level: 'suspicious',
      reason: `The link uses a bare IP address (${host}) instead of a site name`,
    });
    return findings;
  }
  if (URL_SHORTENERS.has(host.replace(/^www\./, ''))) {
    findings.push({
      level: 'suspicious',
      reason: `The link goes through a URL shortener (${host}), which hides where it leads`,
    });
  }
  const labels = host.split('.');
  if (labels.some((label) => label.startsWith('xn--'))) {
    const unicode = domainToUnicode(host);
    const mixed = domainToUnicode(host)
      .split('.')
      .find((label) => scriptsOf(label).size > 1);
    findings.push(
      mixed
        ? {
            level: 'unsafe',
            reason: `The site name ${unicode} mixes alphabets (${[...scriptsOf(mixed)].join(' and ')}), a trick used to imitate other sites`,
          }
        : {
            level: 'suspicious',
            reason: `The site name ${unicode} (${host}) uses international characters, which can imitate another site`,
          },
    );
  }
  const registrable = registrableDomain(host);
  const sub = labels.slice(0, labels.length - registrable.split('.').length);
  if (sub.slice(1).some((label) => GENERIC_TLDS.has(label))) {
    findings.push({
      level: 'suspicious',
      reason: `The address ${host} begins like another site's address but belongs to ${registrable}`,
    });
  }
  return findings;
}

function redirectFindings(addresses: URL[]): SafetyFinding[] {
  const domains = [...new Set(addresses.map((url) => registrableDomain(url.hostname)))];
  if (domains.length < 2) return [];
  return [{ level: 'suspicious', reason: `The link redirects to another site (${domains.join(' → ')})` }];
}

function downloadFindings(input: SafetyInput): SafetyFinding[] {
  const names = [input.attachmentName, input.finalUrl ? lastPathSegment(input.finalUrl) : null].filter(
    (name): name is string => Boolean(name),
  );
  const program = names.find((name) => EXECUTABLE_EXTENSIONS.has(extensionOf(name)));
  if (program) return [{ level: 'unsafe', reason: `The link downloads a program (${program})` }];
  if (input.contentType && EXECUTABLE_TYPES.has(input.contentType)) {
    return [{ level: 'unsafe', reason: `The link downloads a program (${input.contentType})` }];
  }
  return [];
}

/**
 * Password forms and where they send the password. Only the `<form>` blocks that hold a password
 * field are parsed, so a 5 MB page costs a text scan, not a second full parse.
 */
function passwordFormFindings(html: string, pageUrl: string): SafetyFinding[] {
  const page = new URL(pageUrl);
  const findings: SafetyFinding[] = [];
  for (const block of html.match(/<form\b[\s\S]*?(?:<\/form\s*>|$)/gi) ?? []) {
    if (!/<input\b[^>]*\btype\s*=\s*["']?password\b/i.test(block)) continue;
    const { document } = parseHTML(`<!doctype html><html><body>${block}</body></html>`);
    const action = document.querySelector('form')?.getAttribute('action')?.trim();
    let target: URL;
    try {
      target = new URL(action || pageUrl, pageUrl);
    } catch {
      continue;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      findings.push({
        level: 'unsafe',
        reason: 'The page asks for a password and sends it somewhere that is not a web address',
      });
    } else if (registrableDomain(target.hostname) !== registrableDomain(page.hostname)) {
      findings.push({
        level: 'unsafe',
        reason: `The page asks for a password and sends it to another site (${target.hostname})`,
      });
    } else if (target.protocol === 'http:') {
      findings.push({ level: 'suspicious', reason: 'The page asks for a password and sends it unencrypted' });
    }
  }
  return findings;
}

/** The name a site was registered under (news.example.co.uk → example.co.uk), by a short heuristic. */
export function registrableDomain(host: string): string {
  if (isIpLiteral(host)) return host;
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const tld = labels[labels.length - 1]!;
  const second = labels[labels.length - 2]!;
  const take = tld.length === 2 && SECOND_LEVEL_REGISTRIES.has(second) ? 3 : 2;
  return labels.slice(-take).join('.');
}

function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of label) {
    if (/\p{Script=Latin}/u.test(char)) scripts.add('Latin');
    else if (/\p{Script=Cyrillic}/u.test(char)) scripts.add('Cyrillic');
    else if (/\p{Script=Greek}/u.test(char)) scripts.add('Greek');
    else if (/\p{Script=Armenian}/u.test(char)) scripts.add('Armenian');
    else if (/\p{Script=Cherokee}/u.test(char)) scripts.add('Cherokee');
  }
  return scripts;
}

function uniqueUrls(values: string[]): URL[] {
  const seen = new Set<string>();
  const urls: URL[] = [];
  for (const value of values) {
    try {
      const url = new URL(value);
      if (seen.has(url.href)) continue;
      seen.add(url.href);
      urls.push(url);
    } catch {
      // An unparsable address cannot be fetched either; nothing to judge here.
    }
  }
  return urls;
}

function lastPathSegment(url: string): string | null {
  try {
    const segment = new URL(url).pathname.split('/').pop();
    return segment ? decodeURIComponent(segment) : null;
  } catch {
    return null;
  }
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.startsWith('[') || host.includes(':');
}

function dedupe(findings: SafetyFinding[]): SafetyFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => !seen.has(finding.reason) && seen.add(finding.reason));
}
