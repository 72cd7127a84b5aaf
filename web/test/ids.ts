/**
 * A UUID made from a name, the same every time (`testId('user:grace')`), for fixtures whose ids
 * follow from another (a member's user id from their membership): ids the server would accept.
 */
export function testId(name: string): string {
  // FNV-1a over the name, run four times with different offsets for 128 bits.
  const words = [0x811c9dc5, 0x01000193, 0x050c5d1f, 0x2f2c6a47].map((offset) => {
    let hash = offset >>> 0;
    for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    return hash.toString(16).padStart(8, '0');
  });
  const hex = words.join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
