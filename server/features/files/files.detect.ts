import { fileTypeFromBuffer } from 'file-type';

/**
 * What an upload really is, judged from its bytes (magic numbers), never from its name or the type
 * the browser claimed. Only the types below are kept. HTML, SVG and XML are refused outright: served
 * from Hearth's origin they could run script, and no member needs to share them.
 */

export interface DetectedType {
  mime: string;
  /** An extension for the served file name. */
  ext: string;
  /** Re-encoded with sharp and shown inline; everything else is downloaded. */
  isImage: boolean;
}

/** Images Hearth decodes and re-encodes (sharp's format name for each, to check the decoder agrees). */
export const IMAGE_FORMATS: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/zip',
  // Office Open XML (no macro-enabled variants) and OpenDocument.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.oasis.opendocument.graphics',
  // Common audio and video.
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/ogg',
  'audio/ogg; codecs=opus',
  'audio/wav',
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/webm',
  'video/ogg',
]);

export const ACCEPTED_TYPES_MESSAGE =
  'is not a file type Hearth accepts (images, PDF, plain text, ZIP, office documents, common audio and video)';

/** The upload's type when it is on the allow-list, else null. */
export async function detectFileType(bytes: Buffer): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    if (found.mime in IMAGE_FORMATS) return { mime: found.mime, ext: found.ext, isImage: true };
    if (DOCUMENT_TYPES.has(found.mime)) return { mime: found.mime, ext: found.ext, isImage: false };
    return null;
  }
  return isPlainText(bytes) ? { mime: 'text/plain; charset=utf-8', ext: 'txt', isImage: false } : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** C0 controls other than tab, line feed, form feed and carriage return, and DEL: binary, not text. */
const isControlCharacter = (code: number) =>
  code <= 0x08 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControlCharacter(text.charCodeAt(i))) return true;
  return false;
}

/**
 * Valid UTF-8 without control characters (so binary data is not called text), and not markup a
 * browser might render (HTML, SVG, XML).
 */
export function isPlainText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  return !hasControlCharacter(text) && !looksLikeMarkup(text);
}

const MARKUP_START = /^\uFEFF?\s*<[a-z!?/]/i;
const MARKUP_TAG = /<\s*(?:!doctype|html|head|body|script|svg|iframe|object|embed|meta|\?xml)\b/i;

/** Browsers sniff a document that starts with a tag as markup; refuse those, and any script tag early on. */
function looksLikeMarkup(text: string): boolean {
  return MARKUP_START.test(text) || MARKUP_TAG.test(text.slice(0, 4096));
}
