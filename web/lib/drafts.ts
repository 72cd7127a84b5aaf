/**
 * Drafts of what a member is writing, kept in this browser's localStorage so that leaving a page or
 * reloading it loses nothing. Each is filed under the member and the place it belongs to
 * (`draft:<userId>:post:new`, `draft:<userId>:comment:post:<postId>` …), so two members sharing a
 * browser never see each other's words; signing out removes them all. Only text is kept: a file
 * being attached is not.
 */

/** The fields of one draft, by name (a post's title and content, a comment's text). */
export type DraftFields = Record<string, string>;

const PREFIX = 'draft:';

/** A draft not touched for this long is dropped rather than offered back. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

interface StoredDraft {
  fields: DraftFields;
  savedAt: number;
}

export function draftKey(userId: string, place: string) {
  return `${PREFIX}${userId}:${place}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off (some private modes): drafts are simply not kept.
    return null;
  }
}

function parse(raw: string | null): StoredDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof value.savedAt !== 'number' || typeof value.fields !== 'object' || !value.fields) return null;
    const fields = Object.fromEntries(
      Object.entries(value.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return { fields, savedAt: value.savedAt };
  } catch {
    return null;
  }
}

/** The draft kept at `key`, unless there is none, it is unreadable or it has expired (then it goes). */
export function readDraft(key: string, now = Date.now()): DraftFields | null {
  const store = storage();
  const draft = parse(store?.getItem(key) ?? null);
  if (!draft) return null;
  if (now - draft.savedAt > DRAFT_LIFETIME_MS) {
    store?.removeItem(key);
    return null;
  }
  return draft.fields;
}

export function writeDraft(key: string, fields: DraftFields, now = Date.now()) {
  try {
    storage()?.setItem(key, JSON.stringify({ fields, savedAt: now } satisfies StoredDraft));
  } catch (error) {
    // A full storage loses the draft, not the page.
    console.error('Could not keep the draft', error);
  }
}

export function removeDraft(key: string) {
  storage()?.removeItem(key);
}

function draftKeys(): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** At sign-out: nothing one member wrote stays for the next one on this browser. */
export function removeAllDrafts() {
  for (const key of draftKeys()) removeDraft(key);
}

/** Drops every expired draft (of any member), so storage does not fill with forgotten ones. */
export function removeExpiredDrafts(now = Date.now()) {
  for (const key of draftKeys()) readDraft(key, now);
}
