/**
 * Names of the member's files inside an export. A file's name came from the member's device, so
 * it may hold folders, `..`, control characters or characters Windows refuses; inside the zip it
 * becomes one plain name under `files/`, unique (case-insensitively, as on most desktops).
 */

const MAX_NAME = 120;
// Control characters, and characters Windows and macOS refuse in a file name.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"|?*\\/]/g;

/** One safe file name (no folder, no leading dot, not empty, at most 120 characters). */
export function safeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  let clean = last
    .replace(UNSAFE, '_')
    .trim()
    .replace(/^[.\s]+/, '');
  if (clean.length > MAX_NAME) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 17 ? clean.slice(dot) : '';
    clean = clean.slice(0, MAX_NAME - extension.length) + extension;
  }
  return clean || 'file';
}

/** Hands out unique safe names: "photo.jpg", then "photo (2).jpg", "photo (3).jpg"… */
export function createNamer() {
  const taken = new Set<string>();
  return (name: string): string => {
    const safe = safeFileName(name);
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let candidate = safe;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
