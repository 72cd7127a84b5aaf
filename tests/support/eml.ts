/**
 * A small RFC 822 / MIME reader for tests: enough to check what Hearth's mails contain (headers,
 * the text and HTML parts of a multipart/alternative, quoted-printable and base64 bodies).
 */
export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  if (end < 0) throw new Error('no blank line between headers and body');
  const headers: Record<string, string> = {};
  const unfolded = normalised.slice(0, end).replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`malformed header line: ${line}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: normalised.slice(end + 2) };
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

export function parseEml(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const result: ParsedMail = { headers, text: '', html: '' };
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        // The line break before each delimiter belongs to the delimiter, not to the part.
        .map((part) => splitHeaders(part.replace(/^\n/, '').replace(/\n$/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const partType = part.headers['content-type'] ?? 'text/plain';
    const content = decode(part.body, part.headers['content-transfer-encoding']);
    if (partType.startsWith('text/plain')) result.text = content;
    else if (partType.startsWith('text/html')) result.html = content;
  }
  return result;
}
