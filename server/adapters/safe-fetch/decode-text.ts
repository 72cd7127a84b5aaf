/**
 * Bytes to text in the page's own character set: the Content-Type header's charset, else a
 * `<meta charset>` (or http-equiv) in the first 1,024 bytes, else UTF-8.
 */
export function decodeText(bytes: Buffer, contentTypeHeader: string | null): string {
  const label = charsetOf(contentTypeHeader) ?? sniffMetaCharset(bytes) ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(bytes);
}

function charsetOf(header: string | null): string | null {
  const match = header ? /charset\s*=\s*"?([\w.:-]+)"?/i.exec(header) : null;
  return match ? match[1]!.toLowerCase() : null;
}

function sniffMetaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 1024).toString('latin1');
  const match = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return match ? match[1]!.toLowerCase() : null;
}
